// Lesson 1's example options as the public API spells them, shared by the binding (selfAttentionExample) and the
// CLI (example): one reader from the schema's slots into an ExampleOptions, as read_trainer_config is for trainers.
#pragma once

#include "engine/self_attention_example.h"
#include "schema.h"
#include "slots.h"

namespace asl::api {

inline ExampleOptions read_example_options(const Slots& a) {
  namespace ex = schema::self_attention_example;
  ExampleOptions o;
  o.d_model = a.integer(ex::dModel);
  o.d_k = a.integer(ex::dK);
  o.d_v = a.integer(ex::dV);
  o.seed = a.seed(ex::seed);
  o.scaled = a.flag(ex::scaled);
  o.causal = a.flag(ex::causal);
  o.words = a.choice(ex::embeddings) == ex::embeddings_choice::words;
  o.meaningful_head = a.choice(ex::head) == ex::head_choice::meaningful;
  o.nearest = a.integer(ex::nearest);
  return o;
}

}  // namespace asl::api
