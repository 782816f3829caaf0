// A minimal JavaScriptCore shell on WebKitGTK's libjavascriptcoregtk-4.1 (its stable C API; no headers are installed,
// so the few prototypes are declared below). It evaluates each script file given, in order, in one global context
// with print(...), readFile(path) (the file as a string), now() (monotonic ms) and args (the arguments after "--").
// Microtasks (promises) run when each script returns. JSC options come from JSC_* environment variables.
//
//   gcc -O1 -o build/jsc-shell tests/browsers/jsc-shell/jsc-shell.c -l:libjavascriptcoregtk-4.1.so.0
//   build/jsc-shell a.js b.js -- arg1 arg2
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
  }
  JSGlobalContextRelease(ctx);
  return status;
}
