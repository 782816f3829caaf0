// attention-lab table1: source 003's Table 1 rows (web/data/table1.json, through cmake/table1.cmake) over several
// seeds, each β strategy, mean ± sample sd of the test accuracies beside the paper's figure; JSON (every run, and its
// validation curve with --evalEvery) and CSV.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "table1.h"
#include "flags.h"
#include "json.h"
#include "kernels/kernels.h"
#include "run.h"

namespace asl::cli {

const std::vector<PaperRow>& paper_rows() {
  static const std::vector<PaperRow> rows = {
#include "table1_rows.inc"
  };
  return rows;
}

namespace {

using namespace asl::training;


// ---- table1 ------------------------------------------------------------------------------------------------------
struct Stat {
  double mean = 0, sd = 0;
};
Stat stat(const std::vector<double>& xs) {
  Stat s;
  if (xs.empty()) return s;
  for (double x : xs) s.mean += x;
  s.mean /= static_cast<double>(xs.size());
  if (xs.size() > 1) {
    for (double x : xs) s.sd += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(s.sd / static_cast<double>(xs.size() - 1));  // sample sd over seeds
  }
  return s;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    const std::string item = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

int cmd_table1(int argc, char** argv) {
  if (wants_help(argc, argv)) return std::printf("%s", training_help().c_str()), 0;
  TrainingRun f;
  if (!read_training_flags(argc, argv, &f)) return 2;
  const auto& paper = paper_rows();
  std::vector<int> rows;
  if (f.rows == "all") {
    for (std::size_t i = 0; i < paper.size(); ++i) rows.push_back(static_cast<int>(i));
  } else {
    for (const std::string& item : split_list(f.rows)) {
      long n = 0;
      if (!parse_long(item, &n) || n < 1 || n > static_cast<long>(paper.size())) {
        std::fprintf(stderr, "attention-lab: rows = %s: allowed all or row numbers 1 to %zu\n", f.rows.c_str(),
                     paper.size());
        return 2;
      }
      rows.push_back(static_cast<int>(n - 1));
    }
  }
  for (const char* fixed : {"L", "R", "trainSize", "betaStrategy", "beta"})
    if (f.has(fixed)) {
      std::fprintf(stderr, "attention-lab: table1 takes L, R and trainSize from each row of the table and the beta "
                           "from --strategies: remove --%s\n", fixed);
      return 2;
    }
  const std::vector<std::string> strategies = split_list(f.strategies);
  for (const std::string& s : strategies)
    if (s != "inverse-sqrt-dk" && s != "search" && s != "paper" && s != "dynamic" && s != "learned") {
      std::fprintf(stderr, "attention-lab: strategies: \"%s\" is not allowed: use inverse-sqrt-dk, search, paper, "
                           "dynamic or learned\n", s.c_str());
      return 2;
    }
  if (f.seeds < 1 || f.seeds > 100) {
    std::fprintf(stderr, "attention-lab: seeds = %d is out of range: allowed 1 to 100\n", f.seeds);
    return 2;
  }
  // Every configuration is checked before anything runs.
  struct Job {
    int row;
    std::string method;
    TrainerConfig config;
    double paper_accuracy;
  };
  std::vector<Job> jobs;
  for (int row : rows) {
    const PaperRow& p = paper[row];
    TrainerConfig base = f.config;
    base.model.R = p.R;
    base.model.L = p.L;
    base.train_size = p.train;
    if (!f.has("dModel")) base.model.d_model = p.L;
    base.beta = 0.0;
    for (const std::string& s : strategies) {
      if (s == "paper") {
        for (std::size_t k = 0; k < p.betas.size(); ++k) {
          TrainerConfig c = base;
          c.beta_strategy = BetaStrategy::fixed;
          c.beta = p.betas[k];
          jobs.push_back({row, "fixed " + jnum(p.betas[k]), c, p.accuracy[k]});
        }
      } else {
        TrainerConfig c = base;
        parse_beta_strategy(s, &c.beta_strategy);
        jobs.push_back({row, s, c, s == "inverse-sqrt-dk" ? p.old_accuracy : NAN});
      }
    }
  }
  for (const Job& j : jobs)
    if (!check(j.config)) return 2;

  std::string json = "{\"command\":" + jstr(f.command_line) + ",\"kernels\":" + jstr(asl::kernel_set()) +
                     ",\"seeds\":" + std::to_string(f.seeds) + ",\"rows\":[";
  std::string csv = "row,R,L,trainSize,method,seed,beta,test_token_accuracy,test_sequence_accuracy,seconds\n";
  std::printf("| row | R | L | train | method | β (mean) | test token acc. %% | test sequence acc. %% | paper %% |\n"
              "|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t ji = 0; ji < jobs.size(); ++ji) {
    const Job& j = jobs[ji];
    const PaperRow& p = paper[j.row];
    std::vector<double> token, sequence, betas;
    std::string runs = "[";
    for (int s = 0; s < f.seeds; ++s) {
      TrainerConfig c = j.config;
      c.seed = f.config.seed + static_cast<std::uint64_t>(s);
      Trainer t(c);
      char label[160];
      std::snprintf(label, sizeof label, "row %d %s seed %llu ", j.row + 1, j.method.c_str(),
                    static_cast<unsigned long long>(c.seed));
      TrainingRun run_flags = f;
      run_flags.max_steps = -1;
      run_flags.test = true;
      const RunOutput out = run_trainer(t, run_flags, !f.quiet, label);
      token.push_back(out.test.token_accuracy);
      sequence.push_back(out.test.sequence_accuracy);
      betas.push_back(t.beta());
      runs += std::string(s ? "," : "") + "{\"seed\":" + std::to_string(c.seed) + ",\"beta\":" + jnum(t.beta()) +
              ",\"search\":" + jsearch(t) + ",\"test\":" + jeval(out.test) + ",\"val\":" + jeval(out.val) +
              ",\"seconds\":" + jnum(out.train_seconds + out.eval_seconds) + ",\"betaReach\":" + jreach(c) +
              (f.eval_every > 0 ? ",\"evaluations\":" + out.evaluations : std::string()) + "}";
      char line[320];
      std::snprintf(line, sizeof line, "%d,%d,%d,%d,%s,%llu,%.9g,%.9g,%.9g,%.3f\n", j.row + 1, p.R, p.L, p.train,
                    j.method.c_str(), static_cast<unsigned long long>(c.seed), t.beta(), out.test.token_accuracy,
                    out.test.sequence_accuracy, out.train_seconds + out.eval_seconds);
      csv += line;
    }
    runs += "]";
    const Stat tk = stat(token), sq = stat(sequence), bt = stat(betas);
    json += std::string(ji ? "," : "") + "{\"row\":" + std::to_string(j.row + 1) + ",\"R\":" + std::to_string(p.R) +
            ",\"L\":" + std::to_string(p.L) + ",\"trainSize\":" + std::to_string(p.train) +
            ",\"method\":" + jstr(j.method) + ",\"config\":" + jconfig(j.config) +
            ",\"paperTestAccuracy\":" + jnum(j.paper_accuracy / 100.0) + ",\"beta\":{\"mean\":" + jnum(bt.mean) +
            ",\"sd\":" + jnum(bt.sd) + "},\"tokenAccuracy\":{\"mean\":" + jnum(tk.mean) + ",\"sd\":" +
            jnum(tk.sd) + "},\"sequenceAccuracy\":{\"mean\":" + jnum(sq.mean) + ",\"sd\":" + jnum(sq.sd) +
            "},\"runs\":" + runs + "}";
    std::printf("| %d | %d | %d | %d | %s | %.3g | %.2f ± %.2f | %.2f ± %.2f | %s |\n", j.row + 1, p.R, p.L, p.train,
                j.method.c_str(), bt.mean, 100 * tk.mean, 100 * tk.sd, 100 * sq.mean, 100 * sq.sd,
                std::isnan(j.paper_accuracy) ? "—" : jnum(j.paper_accuracy).c_str());
    std::fflush(stdout);
  }
  json += "]}\n";
  if (f.json_path != "-" && !write_file(f.json_path, json)) return 1;
  if (!f.csv_path.empty() && !write_file(f.csv_path, csv)) return 1;
  return 0;
}


}  // namespace asl::cli
