// The few functions of libclang's stable C interface that catalint's Objective-C front end calls,
// declared here by their documented signatures so that building catalint needs no clang headers.
// libclang itself is found and loaded at run time (`cl_load`): a catalint binary runs without it,
// and then lints everything but Objective-C.
#ifndef CATALINT_CCLANG_H
#define CATALINT_CCLANG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: libclang's types, as its C interface lays them out.

typedef void *CXIndex;
typedef struct CXTranslationUnitImpl *CXTranslationUnit;
typedef void *CXClientData;
typedef void *CXFile;
typedef void *CXDiagnostic;

typedef struct { const void *data; unsigned private_flags; } CXString;
typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;
typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } CXSourceRange;
typedef struct { int kind; int xdata; const void *data[3]; } CXCursor;
typedef struct { int kind; void *data[2]; } CXType;
typedef struct { unsigned int_data[4]; void *ptr_data; } CXToken;
typedef struct { const char *Filename; const char *Contents; unsigned long Length; } CXUnsavedFile;
typedef struct { unsigned count; CXSourceRange *ranges; } CXSourceRangeList;
typedef struct { int Major; int Minor; int Subminor; } CXVersion;
typedef struct {
    CXString Platform;
    CXVersion Introduced;
    CXVersion Deprecated;
    CXVersion Obsoleted;
    int Unavailable;
    CXString Message;
} CXPlatformAvailability;

typedef int (*CXCursorVisitor)(CXCursor cursor, CXCursor parent, CXClientData client_data);
typedef void (*CXInclusionVisitor)(CXFile included_file, CXSourceLocation *inclusion_stack, unsigned include_len,
                                   CXClientData client_data);

// MARK: The functions catalint calls, loaded by name.

typedef struct {
    CXString (*getClangVersion)(void);
    void (*toggleCrashRecovery)(unsigned);
    CXIndex (*createIndex)(int, int);
    void (*disposeIndex)(CXIndex);
    int (*parseTranslationUnit2)(CXIndex, const char *, const char *const *, int, CXUnsavedFile *, unsigned, unsigned,
                                 CXTranslationUnit *);
    void (*disposeTranslationUnit)(CXTranslationUnit);
    CXCursor (*getTranslationUnitCursor)(CXTranslationUnit);
    unsigned (*visitChildren)(CXCursor, CXCursorVisitor, CXClientData);
    int (*getCursorKind)(CXCursor);
    CXString (*getCursorSpelling)(CXCursor);
    const char *(*getCString)(CXString);
    void (*disposeString)(CXString);
    CXSourceRange (*getCursorExtent)(CXCursor);
    CXSourceLocation (*getCursorLocation)(CXCursor);
    CXSourceLocation (*getRangeStart)(CXSourceRange);
    CXSourceLocation (*getRangeEnd)(CXSourceRange);
    void (*getExpansionLocation)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);
    void (*getSpellingLocation)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);
    CXFile (*getFile)(CXTranslationUnit, const char *);
    CXString (*getFileName)(CXFile);
    CXCursor (*getCursorReferenced)(CXCursor);
    int (*Cursor_isNull)(CXCursor);
    CXType (*getCursorType)(CXCursor);
    CXType (*getCursorResultType)(CXCursor);
    CXString (*getTypeSpelling)(CXType);
    CXType (*getPointeeType)(CXType);
    CXType (*getCanonicalType)(CXType);
    CXCursor (*getTypeDeclaration)(CXType);
    CXCursor (*getCursorSemanticParent)(CXCursor);
    CXSourceRange (*Cursor_getSpellingNameRange)(CXCursor, unsigned, unsigned);
    int (*Range_isNull)(CXSourceRange);
    void (*tokenize)(CXTranslationUnit, CXSourceRange, CXToken **, unsigned *);
    int (*getTokenKind)(CXToken);
    CXSourceRange (*getTokenExtent)(CXTranslationUnit, CXToken);
    void (*disposeTokens)(CXTranslationUnit, CXToken *, unsigned);
    CXSourceLocation (*getLocationForOffset)(CXTranslationUnit, CXFile, unsigned);
    unsigned (*getNumDiagnostics)(CXTranslationUnit);
    CXDiagnostic (*getDiagnostic)(CXTranslationUnit, unsigned);
    int (*getDiagnosticSeverity)(CXDiagnostic);
    CXString (*getDiagnosticSpelling)(CXDiagnostic);
    CXSourceLocation (*getDiagnosticLocation)(CXDiagnostic);
    void (*disposeDiagnostic)(CXDiagnostic);
    CXSourceRangeList *(*getSkippedRanges)(CXTranslationUnit, CXFile);
    void (*disposeSourceRangeList)(CXSourceRangeList *);
    void (*getInclusions)(CXTranslationUnit, CXInclusionVisitor, CXClientData);
    int (*getCursorPlatformAvailability)(CXCursor, int *, CXString *, int *, CXString *, CXPlatformAvailability *, int);
    void (*disposeCXPlatformAvailability)(CXPlatformAvailability *);
    // Optional (libclang 17 and later); NULL when the library has none.
    int (*getCursorBinaryOperatorKind)(CXCursor);
    int (*getCursorUnaryOperatorKind)(CXCursor);
} CLApi;

/// Loads libclang from `path` and fills `api`. Returns 0, or -1 with a message in `error`.
int cl_load(const char *path, CLApi *api, char *error, size_t errorSize);

// MARK: A translation unit's main file as flat arrays, for the Swift side to read.

/// One cursor of the main file, in the order of a depth-first walk (a parent comes before its
/// children). Offsets are bytes in the main file, at the place the code is written there (for code
/// that a macro of the file or a header makes, the macro's use).
typedef struct {
    int32_t kind;
    /// The index of the parent node, -1 for a top-level declaration.
    int32_t parent;
    uint32_t begin;
    uint32_t end;
    /// Where the cursor itself is (a message's selector, a member's name), as an offset.
    uint32_t location;
    /// Spelling: a string of `CLTree.strings` (offset), or -1.
    int32_t spelling;
    /// The kind and spelling of the declaration the cursor refers to (-1 when none), and where that
    /// declaration is in the main file (-1 when elsewhere): locals and parameters by their place.
    int32_t referencedKind;
    int32_t referencedName;
    int32_t referencedOffset;
    /// The type as written (`UIUserInterfaceIdiom`, `CGRect`), or for an object pointer the class
    /// it points to (`UISlider`), or -1.
    int32_t type;
    /// For a binary or unary operator: libclang's operator kind, when the library tells it; else -1.
    int32_t op;
    /// Bits: 1 when the cursor comes from a macro's expansion (its spelling is not where it is
    /// written); 2 when the declaration it refers to is catalint's own (the prelude or the stubs),
    /// whose types are made up; 4 when that declaration is in another file of the project (a header);
    /// 8 when `type` is the class of an object pointer.
    int32_t flags;
    /// For a class reference: the superclasses of the class as the headers clang read declare
    /// them, nearest first, separated by `:` (a string of `CLTree.strings`), or -1.
    int32_t superclasses;
    /// For a cursor a macro makes: the file and offset where its code is spelled (the macro's
    /// body), when that is a file of the project; else -1.
    int32_t spellingFile;
    int32_t spellingOffset;
} CLNode;

typedef struct {
    CLNode *nodes;
    size_t count;
    size_t capacity;
    char *strings;
    size_t stringsLength;
    size_t stringsCapacity;
    /// Set when an allocation failed or a limit was reached: the tree is incomplete.
    int truncated;
} CLTree;

/// Walks the main file of `tu` (whose path is `mainPath`) into `tree`, at most `maximumNodes` nodes.
/// `madeUpPaths` (`madeUpCount` of them) are the files catalint made up (the prelude, the stubs):
/// declarations there are flagged.
void cl_flatten(const CLApi *api, CXTranslationUnit tu, const char *mainPath, const char *const *madeUpPaths, size_t madeUpCount,
                size_t maximumNodes, CLTree *tree);

/// Frees what `cl_flatten` allocated.
void cl_free_tree(CLTree *tree);

/// A string of the tree.
static inline const char *cl_string(const CLTree *tree, int32_t offset) { return offset < 0 ? "" : tree->strings + offset; }

#ifdef __cplusplus
}
#endif

#endif
