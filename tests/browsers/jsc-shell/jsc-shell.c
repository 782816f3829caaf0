// A minimal JavaScriptCore shell on WebKitGTK's libjavascriptcoregtk-4.1 (its stable C API; no headers are installed,
// so the few prototypes are declared below). It evaluates each script file given, in order, in one global context
// with print(...), readFile(path) (the file as a string), now() (monotonic ms) and args (the arguments after "--").
// Microtasks (promises) run when each script returns. JSC options come from JSC_* environment variables. With
// ASL_SHELL_FAULTS=1 every SIGSEGV/SIGBUS (a WebAssembly trap included) is described on stderr first (on_fault).
//
//   gcc -O1 -o build/jsc-shell tests/browsers/jsc-shell/jsc-shell.c -l:libjavascriptcoregtk-4.1.so.0
//   build/jsc-shell a.js b.js -- arg1 arg2
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

typedef const struct OpaqueJSContext* JSContextRef;
typedef struct OpaqueJSContext* JSGlobalContextRef;
typedef struct OpaqueJSString* JSStringRef;
typedef struct OpaqueJSClass* JSClassRef;
typedef const struct OpaqueJSValue* JSValueRef;
typedef struct OpaqueJSValue* JSObjectRef;
typedef JSValueRef (*JSObjectCallAsFunctionCallback)(JSContextRef, JSObjectRef, JSObjectRef, size_t, const JSValueRef[], JSValueRef*);

JSGlobalContextRef JSGlobalContextCreate(JSClassRef);
void JSGlobalContextRelease(JSGlobalContextRef);
JSObjectRef JSContextGetGlobalObject(JSContextRef);
JSStringRef JSStringCreateWithUTF8CString(const char*);
void JSStringRelease(JSStringRef);
size_t JSStringGetMaximumUTF8CStringSize(JSStringRef);
size_t JSStringGetUTF8CString(JSStringRef, char*, size_t);
JSValueRef JSEvaluateScript(JSContextRef, JSStringRef, JSObjectRef, JSStringRef, int, JSValueRef*);
JSStringRef JSValueToStringCopy(JSContextRef, JSValueRef, JSValueRef*);
JSValueRef JSValueMakeUndefined(JSContextRef);
JSValueRef JSValueMakeNumber(JSContextRef, double);
JSValueRef JSValueMakeString(JSContextRef, JSStringRef);
JSObjectRef JSObjectMakeFunctionWithCallback(JSContextRef, JSStringRef, JSObjectCallAsFunctionCallback);
JSObjectRef JSObjectMakeArray(JSContextRef, size_t, const JSValueRef[], JSValueRef*);
void JSObjectSetProperty(JSContextRef, JSObjectRef, JSStringRef, JSValueRef, unsigned, JSValueRef*);

static char* to_utf8(JSContextRef ctx, JSValueRef v) {
  JSStringRef s = JSValueToStringCopy(ctx, v, NULL);
  if (!s) return strdup("(unprintable)");
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char* buf = malloc(max);
  JSStringGetUTF8CString(s, buf, max);
  JSStringRelease(s);
  return buf;
}

static char* read_all(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc((size_t)n + 1);
  *size = fread(buf, 1, (size_t)n, f);
  buf[*size] = 0;
  fclose(f);
  return buf;
}

static JSValueRef print(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, const JSValueRef argv[], JSValueRef* exc) {
  (void)f, (void)self, (void)exc;
  for (size_t i = 0; i < argc; ++i) {
    char* s = to_utf8(ctx, argv[i]);
    fputs(s, stdout);
    fputc(i + 1 < argc ? ' ' : '\n', stdout);
    free(s);
  }
  if (!argc) fputc('\n', stdout);
  fflush(stdout);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef read_file(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, const JSValueRef argv[], JSValueRef* exc) {
  (void)f, (void)self, (void)exc;
  if (argc < 1) return JSValueMakeUndefined(ctx);
  char* path = to_utf8(ctx, argv[0]);
  size_t size = 0;
  char* text = read_all(path, &size);
  free(path);
  if (!text) return JSValueMakeUndefined(ctx);
  JSStringRef s = JSStringCreateWithUTF8CString(text);
  free(text);
  JSValueRef v = JSValueMakeString(ctx, s);
  JSStringRelease(s);
  return v;
}

static JSValueRef now(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, const JSValueRef argv[], JSValueRef* exc) {
  (void)f, (void)self, (void)argc, (void)argv, (void)exc;
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return JSValueMakeNumber(ctx, t.tv_sec * 1e3 + t.tv_nsec / 1e6);
}

static void define(JSContextRef ctx, const char* name, JSObjectCallAsFunctionCallback cb) {
  JSStringRef s = JSStringCreateWithUTF8CString(name);
  JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), s, JSObjectMakeFunctionWithCallback(ctx, s, cb), 0, NULL);
  JSStringRelease(s);
}

// With ASL_SHELL_FAULTS=1, a SIGSEGV/SIGBUS handler installed after the first script (so after JSC's own, which
// turns a fault in WebAssembly code into "Out of bounds memory access") writes the faulting address, the
// instruction pointer, the general registers, the code bytes around the instruction and the words around rbp to
// stderr, then hands the signal to JSC's handler.
static struct sigaction previous[32];

static void put_hex(char** at, const char* name, uint64_t v) {
  char* p = *at;
  while (*name) *p++ = *name++;
  *p++ = '=';
  for (int shift = 60; shift >= 0; shift -= 4) *p++ = "0123456789abcdef"[(v >> shift) & 15];
  *p++ = ' ';
  *at = p;
}

static void on_fault(int sig, siginfo_t* info, void* context) {
  ucontext_t* uc = context;
  greg_t* r = uc->uc_mcontext.gregs;
  char line[1024], *p = line;
  p += sprintf(p, "fault: signal %d ", sig); // sprintf of an int is safe enough for a diagnostic
  put_hex(&p, "addr", (uint64_t)(uintptr_t)info->si_addr);
  put_hex(&p, "rip", (uint64_t)r[REG_RIP]);
  static const char* names[] = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
  const int index[] = {REG_RAX, REG_RBX, REG_RCX, REG_RDX, REG_RSI, REG_RDI, REG_RBP, REG_RSP, REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};
  for (int i = 0; i < 16; ++i) put_hex(&p, names[i], (uint64_t)r[index[i]]);
  *p++ = '\n';
  const unsigned char* code = (const unsigned char*)(uintptr_t)r[REG_RIP];
  p += sprintf(p, "code (rip-32 .. rip+32):");
  for (int i = -32; i < 32; ++i) p += sprintf(p, i == 0 ? " [%02x" : i == 1 ? "] %02x" : " %02x", code[i]);
  *p++ = '\n';
  if (write(2, line, (size_t)(p - line)) < 0) {}
  // The frame the faulting code runs in: 8-byte words from rbp − 0x200 to rbp + 0x40.
  const uint64_t* frame = (const uint64_t*)(uintptr_t)r[REG_RBP];
  for (int row = -64; row < 8; row += 4) {
    p = line;
    p += sprintf(p, "rbp%c0x%03x:", row < 0 ? '-' : '+', row < 0 ? -row * 8 : row * 8);
    for (int i = row; i < row + 4; ++i) p += sprintf(p, " %016llx", (unsigned long long)frame[i]);
    *p++ = '\n';
    if (write(2, line, (size_t)(p - line)) < 0) {}
  }
  struct sigaction* old = &previous[sig];
  if (old->sa_flags & SA_SIGINFO) old->sa_sigaction(sig, info, context);
  else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) old->sa_handler(sig);
  else { signal(sig, SIG_DFL); raise(sig); }
}

static void watch_faults(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO;
  sigfillset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previous[SIGSEGV]);
  sigaction(SIGBUS, &action, &previous[SIGBUS]);
}

int main(int argc, char** argv) {
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  define(ctx, "print", print);
  define(ctx, "readFile", read_file);
  define(ctx, "now", now);
  int scripts = 1;
  while (scripts < argc && strcmp(argv[scripts], "--") != 0) ++scripts;
  JSValueRef extra[64];
  int count = 0;
  for (int i = scripts + 1; i < argc && count < 64; ++i) {
    JSStringRef s = JSStringCreateWithUTF8CString(argv[i]);
    extra[count++] = JSValueMakeString(ctx, s);
    JSStringRelease(s);
  }
  JSStringRef args_name = JSStringCreateWithUTF8CString("args");
  JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), args_name, JSObjectMakeArray(ctx, (size_t)count, extra, NULL), 0, NULL);
  JSStringRelease(args_name);
  int status = 0;
  for (int i = 1; i < scripts; ++i) {
    size_t size = 0;
    char* text = read_all(argv[i], &size);
    if (!text) {
      fprintf(stderr, "cannot read %s\n", argv[i]);
      return 2;
    }
    JSStringRef source = JSStringCreateWithUTF8CString(text), url = JSStringCreateWithUTF8CString(argv[i]);
    free(text);
    JSValueRef exception = NULL;
    JSEvaluateScript(ctx, source, NULL, url, 1, &exception);
    JSStringRelease(source);
    JSStringRelease(url);
    if (exception) {
      char* s = to_utf8(ctx, exception);
      fprintf(stderr, "%s: uncaught %s\n", argv[i], s);
      free(s);
      status = 1;
      break;
    }
    if (i == 1 && getenv("ASL_SHELL_FAULTS")) watch_faults();
  }
  JSGlobalContextRelease(ctx);
  return status;
}
