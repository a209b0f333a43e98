/*
 * The benchmark's in-process baseline for Objective-C: parses each file once with libclang, with the
 * arguments and the parse options catalint's first parse of a file uses, and nothing else (no walk
 * of the tree, no stubs, no second parse). Unlike `clang -fsyntax-only FILE...`, which starts a
 * compiler process per file, it pays no process start per file: what is left is clang's parse.
 *
 *   clang-parse-files LIBCLANG OBJC-ARGUMENTS OBJCXX-ARGUMENTS FILE...
 *
 * The argument files hold one argument per line (`catalint __objc-dump --clang-arguments` prints
 * them); `.mm` files get the second. Built by scripts/benchmark.py with the toolchain's clang:
 *   clang -O2 -o clang-parse-files scripts/clang-parse-files.c -ldl
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *CXIndex;
typedef void *CXTranslationUnit;
typedef CXIndex (*CreateIndex)(int, int);
typedef int (*Parse2)(CXIndex, const char *, const char *const *, int, void *, unsigned, unsigned, CXTranslationUnit *);
typedef void (*DisposeUnit)(CXTranslationUnit);
typedef void (*DisposeIndex)(CXIndex);

/* Reads the lines of a file into a NULL-terminated array; the count into *count. */
static char **read_lines(const char *path, int *count) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(2); }
    int capacity = 64;
    char **lines = malloc(sizeof(char *) * capacity);
    char buffer[8192];
    *count = 0;
    while (fgets(buffer, sizeof buffer, file)) {
        size_t length = strlen(buffer);
        while (length > 0 && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r')) buffer[--length] = 0;
        if (length == 0) continue;
        if (*count + 1 >= capacity) { capacity *= 2; lines = realloc(lines, sizeof(char *) * capacity); }
        lines[(*count)++] = strdup(buffer);
    }
    lines[*count] = NULL;
    fclose(file);
    return lines;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s LIBCLANG OBJC-ARGUMENTS OBJCXX-ARGUMENTS FILE...\n", argv[0]);
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    CreateIndex createIndex = (CreateIndex)dlsym(library, "clang_createIndex");
    Parse2 parse = (Parse2)dlsym(library, "clang_parseTranslationUnit2");
    DisposeUnit disposeUnit = (DisposeUnit)dlsym(library, "clang_disposeTranslationUnit");
    DisposeIndex disposeIndex = (DisposeIndex)dlsym(library, "clang_disposeIndex");
    if (!createIndex || !parse || !disposeUnit || !disposeIndex) { fprintf(stderr, "libclang lacks a function\n"); return 2; }
    int objcCount, objcxxCount;
    char **objc = read_lines(argv[2], &objcCount);
    char **objcxx = read_lines(argv[3], &objcxxCount);
    /* catalint's options: DetailedPreprocessingRecord and KeepGoing. */
    const unsigned options = 0x01 | 0x200;
    CXIndex index = createIndex(0, 0);
    int failed = 0;
    for (int i = 4; i < argc; i++) {
        size_t length = strlen(argv[i]);
        int isCpp = length > 3 && strcmp(argv[i] + length - 3, ".mm") == 0;
        CXTranslationUnit unit = NULL;
        int code = parse(index, argv[i], (const char *const *)(isCpp ? objcxx : objc), isCpp ? objcxxCount : objcCount,
                         NULL, 0, options, &unit);
        if (code != 0 || !unit) failed++;
        else disposeUnit(unit);
    }
    disposeIndex(index);
    if (failed) fprintf(stderr, "%d files failed to parse\n", failed);
    return 0;
}
