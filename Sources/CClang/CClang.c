// Loads libclang by name at run time and walks a translation unit's main file into flat arrays.
#include "CClang.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cl_load(const char *path, CLApi *api, char *error, size_t errorSize) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, errorSize, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    memset(api, 0, sizeof *api);
    const char *missing = NULL;
#define REQUIRE(field, name)                                      \
    do {                                                          \
        *(void **)(&api->field) = dlsym(library, name);           \
        if (!api->field && !missing) missing = name;              \
    } while (0)
#define OPTIONAL(field, name) *(void **)(&api->field) = dlsym(library, name)
    REQUIRE(getClangVersion, "clang_getClangVersion");
    REQUIRE(toggleCrashRecovery, "clang_toggleCrashRecovery");
    REQUIRE(createIndex, "clang_createIndex");
    REQUIRE(disposeIndex, "clang_disposeIndex");
    REQUIRE(parseTranslationUnit2, "clang_parseTranslationUnit2");
    REQUIRE(disposeTranslationUnit, "clang_disposeTranslationUnit");
    REQUIRE(getTranslationUnitCursor, "clang_getTranslationUnitCursor");
    REQUIRE(visitChildren, "clang_visitChildren");
    REQUIRE(getCursorKind, "clang_getCursorKind");
    REQUIRE(getCursorSpelling, "clang_getCursorSpelling");
    REQUIRE(getCString, "clang_getCString");
    REQUIRE(disposeString, "clang_disposeString");
    REQUIRE(getCursorExtent, "clang_getCursorExtent");
    REQUIRE(getCursorLocation, "clang_getCursorLocation");
    REQUIRE(getRangeStart, "clang_getRangeStart");
    REQUIRE(getRangeEnd, "clang_getRangeEnd");
    REQUIRE(getExpansionLocation, "clang_getExpansionLocation");
    REQUIRE(getSpellingLocation, "clang_getSpellingLocation");
    REQUIRE(getFile, "clang_getFile");
    REQUIRE(getFileName, "clang_getFileName");
    REQUIRE(getCursorReferenced, "clang_getCursorReferenced");
    REQUIRE(Cursor_isNull, "clang_Cursor_isNull");
    REQUIRE(getCursorType, "clang_getCursorType");
    REQUIRE(getCursorResultType, "clang_getCursorResultType");
    REQUIRE(getTypeSpelling, "clang_getTypeSpelling");
    REQUIRE(getPointeeType, "clang_getPointeeType");
    REQUIRE(getCanonicalType, "clang_getCanonicalType");
    REQUIRE(getTypeDeclaration, "clang_getTypeDeclaration");
    REQUIRE(getCursorSemanticParent, "clang_getCursorSemanticParent");
    REQUIRE(Cursor_getSpellingNameRange, "clang_Cursor_getSpellingNameRange");
    REQUIRE(Range_isNull, "clang_Range_isNull");
    REQUIRE(tokenize, "clang_tokenize");
    REQUIRE(getTokenKind, "clang_getTokenKind");
    REQUIRE(getTokenExtent, "clang_getTokenExtent");
    REQUIRE(disposeTokens, "clang_disposeTokens");
    REQUIRE(getLocationForOffset, "clang_getLocationForOffset");
    REQUIRE(getNumDiagnostics, "clang_getNumDiagnostics");
    REQUIRE(getDiagnostic, "clang_getDiagnostic");
    REQUIRE(getDiagnosticSeverity, "clang_getDiagnosticSeverity");
    REQUIRE(getDiagnosticSpelling, "clang_getDiagnosticSpelling");
    REQUIRE(getDiagnosticLocation, "clang_getDiagnosticLocation");
    REQUIRE(disposeDiagnostic, "clang_disposeDiagnostic");
    REQUIRE(getSkippedRanges, "clang_getSkippedRanges");
    REQUIRE(disposeSourceRangeList, "clang_disposeSourceRangeList");
    REQUIRE(getInclusions, "clang_getInclusions");
    REQUIRE(getCursorPlatformAvailability, "clang_getCursorPlatformAvailability");
    REQUIRE(disposeCXPlatformAvailability, "clang_disposeCXPlatformAvailability");
    OPTIONAL(getCursorBinaryOperatorKind, "clang_getCursorBinaryOperatorKind");
    OPTIONAL(getCursorUnaryOperatorKind, "clang_getCursorUnaryOperatorKind");
#undef REQUIRE
#undef OPTIONAL
    if (missing) {
        snprintf(error, errorSize, "%s has no %s", path, missing);
        dlclose(library);
        return -1;
    }
    return 0;
}

// MARK: Flattening

// The cursor kinds of libclang's interface that the walk treats apart.
enum {
    kindObjCIvarDecl = 15, kindObjCPropertyDecl = 14, kindVarDecl = 9, kindParmDecl = 10, kindFieldDecl = 6,
    kindObjCInstanceMethodDecl = 16, kindObjCClassMethodDecl = 17, kindFunctionDecl = 8,
    kindDeclRefExpr = 101, kindMemberRefExpr = 102, kindCallExpr = 103, kindObjCMessageExpr = 104,
    kindCStyleCastExpr = 117, kindObjCSelfExpr = 146, kindUnexposedExpr = 100,
    kindBinaryOperator = 114, kindCompoundAssignOperator = 115, kindUnaryOperator = 112,
    kindTranslationUnit = 350, kindFirstAttr = 400, kindLastAttr = 441,
    kindFirstPreprocessing = 500, kindLastPreprocessing = 503,
};

typedef struct {
    const CLApi *api;
    CXFile mainFile;
    CXFile madeUp[4];
    size_t madeUpCount;
    CLTree *tree;
    size_t maximumNodes;
    int32_t parent;
    /// The names of the files macros are spelled in, by their CXFile (a few per file).
    CXFile *spelledFiles;
    int32_t *spelledNames;
    size_t spelledCount;
    size_t spelledCapacity;
} Walk;

static int32_t addString(CLTree *tree, const char *text);

static int isMadeUp(const Walk *walk, CXFile file) {
    for (size_t index = 0; index < walk->madeUpCount; index++) {
        if (walk->madeUp[index] && walk->madeUp[index] == file) return 1;
    }
    return 0;
}

typedef struct {
    const CLApi *api;
    CXCursor found;
    int hasFound;
} SuperclassSearch;

static int findSuperclass(CXCursor cursor, CXCursor parent, CXClientData data) {
    (void)parent;
    SuperclassSearch *search = data;
    if (search->api->getCursorKind(cursor) == 40 /* ObjCSuperClassRef */) {
        search->found = search->api->getCursorReferenced(cursor);
        search->hasFound = !search->api->Cursor_isNull(search->found);
        return 0; // Break
    }
    return 1; // Continue
}

/// The superclasses of the class `declaration` declares, `A:B:C`, as far as real files declare them.
static int32_t superclassChain(const Walk *walk, CXCursor declaration) {
    const CLApi *api = walk->api;
    char chain[1024];
    size_t length = 0;
    chain[0] = 0;
    for (int depth = 0; depth < 16; depth++) {
        SuperclassSearch search = {api, declaration, 0};
        api->visitChildren(declaration, findSuperclass, &search);
        if (!search.hasFound) break;
        CXString name = api->getCursorSpelling(search.found);
        const char *text = api->getCString(name);
        size_t add = text ? strlen(text) : 0;
        if (add == 0 || length + add + 2 >= sizeof chain) { api->disposeString(name); break; }
        if (length > 0) chain[length++] = ':';
        memcpy(chain + length, text, add);
        length += add;
        chain[length] = 0;
        api->disposeString(name);
        declaration = search.found;
    }
    return length ? addString(walk->tree, chain) : -1;
}

static int32_t addStringImpl(CLTree *tree, const char *text) {
    if (!text || !*text) return -1;
    size_t length = strlen(text) + 1;
    if (tree->stringsLength + length > tree->stringsCapacity) {
        size_t capacity = tree->stringsCapacity ? tree->stringsCapacity * 2 : 4096;
        while (capacity < tree->stringsLength + length) capacity *= 2;
        if (capacity > INT32_MAX) { tree->truncated = 1; return -1; }
        char *grown = realloc(tree->strings, capacity);
        if (!grown) { tree->truncated = 1; return -1; }
        tree->strings = grown;
        tree->stringsCapacity = capacity;
    }
    int32_t offset = (int32_t)tree->stringsLength;
    memcpy(tree->strings + tree->stringsLength, text, length);
    tree->stringsLength += length;
    return offset;
}

static int32_t addString(CLTree *tree, const char *text) { return addStringImpl(tree, text); }

static int32_t takeString(const CLApi *api, CLTree *tree, CXString string) {
    int32_t offset = addString(tree, api->getCString(string));
    api->disposeString(string);
    return offset;
}

/// Where a location is written in the main file: its expansion's offset, or -1 in another file.
static int64_t mainOffset(const Walk *walk, CXSourceLocation location, int *inOtherFile) {
    CXFile file = NULL;
    unsigned offset = 0;
    walk->api->getExpansionLocation(location, &file, NULL, NULL, &offset);
    if (!file) { *inOtherFile = 0; return -1; }
    if (file != walk->mainFile) { *inOtherFile = 1; return -1; }
    *inOtherFile = 0;
    return offset;
}

static int wantsType(int kind) {
    switch (kind) {
    case kindVarDecl: case kindParmDecl: case kindFieldDecl: case kindObjCIvarDecl: case kindObjCPropertyDecl:
    case kindDeclRefExpr: case kindMemberRefExpr: case kindCallExpr: case kindObjCMessageExpr:
    case kindCStyleCastExpr: case kindObjCSelfExpr: case kindUnexposedExpr:
    case kindObjCInstanceMethodDecl: case kindObjCClassMethodDecl: case kindFunctionDecl:
        return 1;
    default:
        return 0;
    }
}

/// The class an object pointer type points to (`UISlider` for `UISlider *`), else the type as written.
static int32_t typeName(const Walk *walk, CXCursor cursor, int kind) {
    const CLApi *api = walk->api;
    CXType type = api->getCursorType(cursor);
    if (kind == kindObjCInstanceMethodDecl || kind == kindObjCClassMethodDecl || kind == kindFunctionDecl) {
        // A method's own type is its signature: what it returns is what callers see.
        CXType result = api->getCursorResultType(cursor);
        if (result.kind == 0) return -1;
        return takeString(api, walk->tree, api->getTypeSpelling(result));
    }
    if (type.kind == 0 /* Invalid */) return -1;
    // 26: ObjCObjectPointer; 28: ObjCId.
    CXType canonical = api->getCanonicalType(type);
    if (canonical.kind == 109 /* ObjCObjectPointer */) {
        CXType pointee = api->getPointeeType(canonical);
        CXCursor declaration = api->getTypeDeclaration(pointee);
        if (!api->Cursor_isNull(declaration)) {
            int32_t name = takeString(api, walk->tree, api->getCursorSpelling(declaration));
            if (name >= 0) return name;
        }
    }
    return takeString(api, walk->tree, api->getTypeSpelling(type));
}

static int visit(CXCursor cursor, CXCursor parentCursor, CXClientData data) {
    (void)parentCursor;
    Walk *walk = data;
    const CLApi *api = walk->api;
    CLTree *tree = walk->tree;
    if (tree->truncated) return 0; // CXChildVisit_Break
    int kind = api->getCursorKind(cursor);
    if (kind >= kindFirstPreprocessing && kind <= kindLastPreprocessing) return 1; // Continue
    int otherFile = 0;
    CXSourceLocation location = api->getCursorLocation(cursor);
    int64_t at = mainOffset(walk, location, &otherFile);
    if (otherFile) return 1;
    // A top-level cursor with no place (the prelude's built-in declarations) is not the file's.
    if (at < 0 && walk->parent < 0) return 1;
    if (tree->count >= walk->maximumNodes) { tree->truncated = 1; return 0; }
    if (tree->count == tree->capacity) {
        size_t capacity = tree->capacity ? tree->capacity * 2 : 1024;
        CLNode *grown = realloc(tree->nodes, capacity * sizeof(CLNode));
        if (!grown) { tree->truncated = 1; return 0; }
        tree->nodes = grown;
        tree->capacity = capacity;
    }
    CLNode node;
    memset(&node, 0, sizeof node);
    node.kind = kind;
    node.parent = walk->parent;
    CXSourceRange extent = api->getCursorExtent(cursor);
    int ignored = 0;
    int64_t begin = mainOffset(walk, api->getRangeStart(extent), &ignored);
    int64_t end = mainOffset(walk, api->getRangeEnd(extent), &ignored);
    node.location = at < 0 ? (begin < 0 ? UINT32_MAX : (uint32_t)begin) : (uint32_t)at;
    node.begin = begin < 0 ? node.location : (uint32_t)begin;
    node.end = end < 0 ? node.begin : (uint32_t)end;
    node.spelling = takeString(api, tree, api->getCursorSpelling(cursor));
    node.referencedKind = -1;
    node.referencedName = -1;
    node.referencedOffset = -1;
    node.type = -1;
    node.op = -1;
    node.superclasses = -1;
    CXCursor referenced = api->getCursorReferenced(cursor);
    if (!api->Cursor_isNull(referenced)) {
        node.referencedKind = api->getCursorKind(referenced);
        node.referencedName = takeString(api, tree, api->getCursorSpelling(referenced));
        CXFile declaredIn = NULL;
        unsigned declaredAt = 0;
        api->getExpansionLocation(api->getCursorLocation(referenced), &declaredIn, NULL, NULL, &declaredAt);
        if (declaredIn == walk->mainFile) {
            node.referencedOffset = (int32_t)declaredAt;
        } else {
            node.referencedOffset = -1;
            if (declaredIn && isMadeUp(walk, declaredIn)) node.flags |= 2;
            else if (declaredIn) node.flags |= 4;
        }
        if (kind == 42 /* ObjCClassRef */ || kind == 40 /* ObjCSuperClassRef */) node.superclasses = superclassChain(walk, referenced);
    }
    if (wantsType(kind)) {
        // A property read through a dot has a made-up type of its own: the declaration's is the one.
        CXCursor typed = cursor;
        if ((kind == kindMemberRefExpr || kind == kindDeclRefExpr) && !api->Cursor_isNull(referenced)) typed = referenced;
        node.type = typeName(walk, typed, api->getCursorKind(typed));
        CXType canonical = api->getCanonicalType(api->getCursorType(typed));
        if (canonical.kind == 109 /* ObjCObjectPointer */) node.flags |= 8;
    }
    if ((kind == kindBinaryOperator || kind == kindCompoundAssignOperator) && api->getCursorBinaryOperatorKind) {
        node.op = api->getCursorBinaryOperatorKind(cursor);
    } else if (kind == kindUnaryOperator && api->getCursorUnaryOperatorKind) {
        node.op = api->getCursorUnaryOperatorKind(cursor);
    }
    node.spellingFile = -1;
    node.spellingOffset = -1;
    if (at >= 0) {
        CXFile spellingFile = NULL;
        unsigned spellingOffset = 0;
        api->getSpellingLocation(location, &spellingFile, NULL, NULL, &spellingOffset);
        if (spellingFile != walk->mainFile || spellingOffset != (unsigned)at) {
            node.flags |= 1;
            if (spellingFile && !isMadeUp(walk, spellingFile)) {
                int32_t name = -1;
                for (size_t index = 0; index < walk->spelledCount; index++) {
                    if (walk->spelledFiles[index] == spellingFile) { name = walk->spelledNames[index]; break; }
                }
                if (name < 0 && walk->spelledCount < walk->spelledCapacity) {
                    name = takeString(api, tree, api->getFileName(spellingFile));
                    walk->spelledFiles[walk->spelledCount] = spellingFile;
                    walk->spelledNames[walk->spelledCount++] = name;
                }
                node.spellingFile = name;
                node.spellingOffset = (int32_t)spellingOffset;
            }
        }
    }
    int32_t index = (int32_t)tree->count;
    tree->nodes[tree->count++] = node;
    Walk inner = *walk;
    inner.parent = index;
    api->visitChildren(cursor, visit, &inner);
    // The files macros are spelled in are shared by the whole walk.
    walk->spelledCount = inner.spelledCount;
    return tree->truncated ? 0 : 1;
}

void cl_flatten(const CLApi *api, CXTranslationUnit tu, const char *mainPath, const char *const *madeUpPaths, size_t madeUpCount,
                size_t maximumNodes, CLTree *tree) {
    memset(tree, 0, sizeof *tree);
    Walk walk;
    memset(&walk, 0, sizeof walk);
    walk.api = api;
    walk.mainFile = api->getFile(tu, mainPath);
    walk.tree = tree;
    walk.maximumNodes = maximumNodes;
    walk.parent = -1;
    for (size_t index = 0; index < madeUpCount && index < 4; index++) walk.madeUp[walk.madeUpCount++] = api->getFile(tu, madeUpPaths[index]);
    if (!walk.mainFile) return;
    CXFile spelledFiles[64];
    int32_t spelledNames[64];
    walk.spelledFiles = spelledFiles;
    walk.spelledNames = spelledNames;
    walk.spelledCapacity = 64;
    api->visitChildren(api->getTranslationUnitCursor(tu), visit, &walk);
}

void cl_free_tree(CLTree *tree) {
    free(tree->nodes);
    free(tree->strings);
    memset(tree, 0, sizeof *tree);
}
