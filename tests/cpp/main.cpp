// Catch2's main: the native test runner. A failure shows in the exit code.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
