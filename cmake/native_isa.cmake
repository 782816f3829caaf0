# Native builds only: which vector instructions the engine may use, decided when CMake configures. With
# ASL_NATIVE_ARCH (on by default) and a compiler and CPU that compile and run an AVX2 + FMA program under -march=native,
# the engine, and everything that links it, is compiled for this machine's CPU (AVX2/FMA, AVX-512 where present: what
# Eigen's products use); otherwise the x86-64 default, SSE2. The 4-lane kernels are the same either way. WebAssembly
# builds are not affected. ASL_NATIVE_ISA_FLAGS holds the flags chosen (empty for the fallback).
option(ASL_NATIVE_ARCH "compile the native engine for the CPU that builds it (-march=native) when it supports AVX2 and FMA" ON)
set(ASL_NATIVE_ISA_FLAGS "")
if(NOT EMSCRIPTEN AND ASL_NATIVE_ARCH)
  include(CheckCXXSourceRuns)
  set(CMAKE_REQUIRED_FLAGS -march=native)
  check_cxx_source_runs([=[
    #include <immintrin.h>
    int main() {
      if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return 1;
      volatile float x = 2.0f;
      __m256 a = _mm256_set1_ps(x);
      a = _mm256_fmadd_ps(a, a, a);
      float out[8];
      _mm256_storeu_ps(out, a);
      return out[7] == 6.0f ? 0 : 1;
    }
  ]=] ASL_CPU_HAS_AVX2_FMA)
  unset(CMAKE_REQUIRED_FLAGS)
  if(ASL_CPU_HAS_AVX2_FMA)
    set(ASL_NATIVE_ISA_FLAGS -march=native)
  endif()
endif()
if(NOT EMSCRIPTEN)
  message(STATUS "attention-lab native vector flags: ${ASL_NATIVE_ISA_FLAGS} (empty: SSE2)")
  find_package(Threads REQUIRED)
endif()
