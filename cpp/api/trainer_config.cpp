// createTrainer's options <-> TrainerConfig (see trainer_config.h): one row per option, in schema order.
#include "trainer_config.h"

#include <cstring>

namespace asl::api {
namespace {

using training::TrainerConfig;
namespace ct = schema::create_trainer;

// The index of `name` among a choice option's names (the schema's order), 0 when absent.
int choice_index(int option, const char* name) {
  const schema::Option& o = ct::options[option];
  for (int i = 0; i < o.choice_count; ++i)
    if (std::strcmp(o.choices[i], name) == 0) return i;
  return 0;
}
const char* choice_name(int option, double index) { return ct::options[option].choices[static_cast<int>(index)]; }

struct Field {
  int option;
  double (*get)(const TrainerConfig&);
  void (*set)(TrainerConfig&, double);
};

// One row per createTrainer option. Choices travel as their index in the schema's list of names.
const Field kFields[] = {
    {ct::model, [](const TrainerConfig& c) { return double(choice_index(ct::model, training::model_name(c.model.kind))); },
     [](TrainerConfig& c, double x) { training::parse_model_kind(choice_name(ct::model, x), &c.model.kind); }},
    {ct::L, [](const TrainerConfig& c) { return double(c.model.L); }, [](TrainerConfig& c, double x) { c.model.L = int(x); }},
    {ct::R, [](const TrainerConfig& c) { return double(c.model.R); }, [](TrainerConfig& c, double x) { c.model.R = int(x); }},
    {ct::trainSize, [](const TrainerConfig& c) { return double(c.train_size); }, [](TrainerConfig& c, double x) { c.train_size = int(x); }},
    {ct::valSize, [](const TrainerConfig& c) { return double(c.val_size); }, [](TrainerConfig& c, double x) { c.val_size = int(x); }},
    {ct::testSize, [](const TrainerConfig& c) { return double(c.test_size); }, [](TrainerConfig& c, double x) { c.test_size = int(x); }},
    {ct::dModel, [](const TrainerConfig& c) { return double(c.model.d_model); }, [](TrainerConfig& c, double x) { c.model.d_model = int(x); }},
    {ct::heads, [](const TrainerConfig& c) { return double(c.model.n_heads); }, [](TrainerConfig& c, double x) { c.model.n_heads = int(x); }},
    {ct::betaStrategy, [](const TrainerConfig& c) { return double(choice_index(ct::betaStrategy, training::beta_strategy_name(c.beta_strategy))); },
     [](TrainerConfig& c, double x) { training::parse_beta_strategy(choice_name(ct::betaStrategy, x), &c.beta_strategy); }},
    {ct::beta, [](const TrainerConfig& c) { return c.beta; }, [](TrainerConfig& c, double x) { c.beta = x; }},
    {ct::lr, [](const TrainerConfig& c) { return c.lr; }, [](TrainerConfig& c, double x) { c.lr = x; }},
    {ct::betaLr, [](const TrainerConfig& c) { return c.beta_lr; }, [](TrainerConfig& c, double x) { c.beta_lr = x; }},
    {ct::batchSize, [](const TrainerConfig& c) { return double(c.batch_size); }, [](TrainerConfig& c, double x) { c.batch_size = int(x); }},
    {ct::epochs, [](const TrainerConfig& c) { return double(c.epochs); }, [](TrainerConfig& c, double x) { c.epochs = int(x); }},
    {ct::warmupSteps, [](const TrainerConfig& c) { return double(c.warmup_steps); }, [](TrainerConfig& c, double x) { c.warmup_steps = int(x); }},
    {ct::clipNorm, [](const TrainerConfig& c) { return c.clip_norm; }, [](TrainerConfig& c, double x) { c.clip_norm = x; }},
    {ct::seed, [](const TrainerConfig& c) { return double(c.seed); }, [](TrainerConfig& c, double x) { c.seed = static_cast<std::uint64_t>(x); }},
    {ct::searchPowers, [](const TrainerConfig& c) { return double(c.search_powers); }, [](TrainerConfig& c, double x) { c.search_powers = int(x); }},
    {ct::searchIterations, [](const TrainerConfig& c) { return double(c.search_iterations); }, [](TrainerConfig& c, double x) { c.search_iterations = int(x); }},
    {ct::probeEpochs, [](const TrainerConfig& c) { return double(c.probe_epochs); }, [](TrainerConfig& c, double x) { c.probe_epochs = int(x); }},
};
static_assert(sizeof(kFields) / sizeof(kFields[0]) == ct::kCount, "one row per createTrainer option");

}  // namespace

TrainerConfig read_trainer_config(const Slots& slots) {
  TrainerConfig c;
  for (const Field& f : kFields) f.set(c, slots.number(f.option));
  return c;
}

std::string trainer_config_json(const TrainerConfig& config, NumberFormat format) {
  std::string out = "{";
  for (const Field& f : kFields) {
    const schema::Option& o = ct::options[f.option];
    const double x = f.get(config);
    out += (out.size() > 1 ? ",\"" : "\"") + std::string(o.name) + "\":";
    if (o.kind == schema::Kind::choice) out += json_string(o.choices[static_cast<int>(x)]);
    else if (o.kind == schema::Kind::number && !o.has_default && o.default_from < 0 && x == 0.0) out += "null";
    else if (o.kind == schema::Kind::number) out += json_number(x, format);
    else out += std::to_string(static_cast<long long>(x));
    if (f.option == ct::heads) out += ",\"dK\":" + std::to_string(config.model.d_k());
  }
  return out + "}";
}

}  // namespace asl::api
