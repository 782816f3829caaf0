# The benchmark's targets (build-scripts/bench runs them through bench/kernels/run.mjs). Included at the end of
# CMakeLists.txt, so it reuses its functions and engine libraries. With Emscripten: build/wasm/attention_core_eigen.cjs,
# the page's bindings (the same objects as attention_core) with a benchmark() that times
# cpp/engine/attention_eigen.cpp instead of the kernels. Natively:
# attention-bench, which times the engine (SSE2 kernels) and the same Eigen code with std::chrono and prints JSON.

if(EMSCRIPTEN)
  # Same flags as the kernels (-O3 -msimd128 via asl_engine_simd): clang may auto-vectorize Eigen's scalar loops,
  # but Eigen 3.4 has no wasm_simd128 packet math, so its own code paths are scalar. No -msse flags on purpose.
  # Everything in this module at -O3: Eigen's product kernels are templates instantiated here, and at the bindings'
  # usual -Os they were 65× slower (see asl_add_wasm_module), which made this baseline unfairly slow.
  asl_add_wasm_module(attention_core_eigen asl_engine_simd asl_bindings_simd)
  target_sources(attention_core_eigen PRIVATE cpp/bindings/benchmark.cpp cpp/engine/attention_eigen.cpp)
  target_compile_definitions(attention_core_eigen PRIVATE ASL_ATTENTION_EIGEN=1)
  target_compile_options(attention_core_eigen PRIVATE ${ASL_WARNINGS} -O3)
else()
  add_executable(attention-bench cpp/bench/attention_bench.cpp cpp/engine/attention_eigen.cpp)
  target_link_libraries(attention-bench PRIVATE asl_engine)
  target_compile_options(attention-bench PRIVATE ${ASL_WARNINGS})
  # The machine's multiply-add peak for bench/training/run.mjs, in the engine's vector flags (linked for them alone).
  add_executable(fma-peak cpp/bench/fma_peak.cpp)
  target_link_libraries(fma-peak PRIVATE asl_engine)
  target_compile_options(fma-peak PRIVATE ${ASL_WARNINGS})
endif()
