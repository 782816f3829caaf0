// Runs the shards of a training step (each a fixed part of the batch) on up to `threads` threads natively, and one
// after the other in WebAssembly, which is built without pthreads. It decides nothing about the numbers: the caller
// splits the work the same way whatever the thread count and reduces the shards' results in shard order.
#pragma once

#include <vector>

#if !defined(__EMSCRIPTEN__)
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace asl::training {

// The threads a runner gets for `requested` (0: one per core) and `shards` shards: at most one per shard, always 1
// in WebAssembly.
int shard_threads(int requested, int shards);

class ShardRunner {
 public:
  explicit ShardRunner(int threads);  // threads − 1 workers start here and wait; nothing is created per run
  ~ShardRunner();
  ShardRunner(const ShardRunner&) = delete;
  ShardRunner& operator=(const ShardRunner&) = delete;

  int threads() const { return threads_; }

  // Calls fn(s) once for each s = 0 … count − 1 and returns when every call has returned. The caller's thread and the
  // workers take the next shard not yet taken, so on a busy machine, where a worker may wake late, the caller runs
  // the shards itself rather than wait. Which thread runs a shard changes nothing in its result. fn must not throw.
  template <class F>
  void run(int count, F& fn) {
    run_erased(count, [](void* f, int s) { (*static_cast<F*>(f))(s); }, &fn);
  }

 private:
  using Call = void (*)(void*, int);
  void run_erased(int count, Call call, void* context);

  int threads_ = 1;
#if !defined(__EMSCRIPTEN__)
  void worker(int index);
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  void take_shards(Call call, void* context, int count);
  long generation_ = 0;
  int count_ = 0, active_ = 0;  // active_: workers inside take_shards (guarded by mutex_)
  std::atomic<int> next_{0}, finished_{0};
  bool stop_ = false;
  Call call_ = nullptr;
  void* context_ = nullptr;
#endif
};

}  // namespace asl::training
