// ShardRunner: persistent worker threads woken once per run, taking shards from a shared counter (native), or a
// plain loop (WebAssembly).
#include "parallel.h"

#include <algorithm>

namespace asl::training {

int shard_threads(int requested, int shards) {
#if defined(__EMSCRIPTEN__)
  (void)requested;
  (void)shards;
  return 1;
#else
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::max(1, std::min(requested > 0 ? requested : cores, shards));
#endif
}

#if defined(__EMSCRIPTEN__)

ShardRunner::ShardRunner(int) {}
ShardRunner::~ShardRunner() = default;
void ShardRunner::run_erased(int count, Call call, void* context) {
  for (int s = 0; s < count; ++s) call(context, s);
}

#else

ShardRunner::ShardRunner(int threads) : threads_(std::max(1, threads)) {
  for (int i = 1; i < threads_; ++i) workers_.emplace_back([this, i] { worker(i); });
}

ShardRunner::~ShardRunner() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

// Runs shards until none is left untaken; wakes the caller when the last one finishes.
void ShardRunner::take_shards(Call call, void* context, int count) {
  for (int s = next_.fetch_add(1); s < count; s = next_.fetch_add(1)) {
    call(context, s);
    if (finished_.fetch_add(1) + 1 == count) {
      std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_all();
    }
  }
}

void ShardRunner::worker(int) {
  std::unique_lock<std::mutex> lock(mutex_);
  long seen = 0;
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    const Call call = call_;
    void* context = context_;
    const int count = count_;
    ++active_;
    lock.unlock();
    take_shards(call, context, count);
    lock.lock();
    if (--active_ == 0) done_.notify_all();
  }
}

void ShardRunner::run_erased(int count, Call call, void* context) {
  if (threads_ == 1 || count <= 1) {
    for (int s = 0; s < count; ++s) call(context, s);
    return;
  }
  {
    // No worker may still be taking shards of the previous run when the counters restart.
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return active_ == 0; });
    call_ = call;
    context_ = context;
    count_ = count;
    next_.store(0);
    finished_.store(0);
    ++generation_;
  }
  wake_.notify_all();
  take_shards(call, context, count);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return finished_.load() == count; });
}

#endif

}  // namespace asl::training
