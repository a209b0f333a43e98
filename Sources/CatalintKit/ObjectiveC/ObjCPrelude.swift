/// The declarations catalint hands clang in place of the SDK, so that an Objective-C file parses the
/// same way on Linux and on a Mac, with or without Xcode: the language's scaffolding (Foundation's
/// basic types, the macros every file uses, the root class), and the UIKit that the rules name,
/// derived from their knowledge (`LoweringVocabulary`), never listed a second time here. Whatever
/// else a file uses that no header it can find declares is declared for it as its uses show
/// (`ObjCStubs`).
enum ObjCPrelude {
    /// The prelude for the rules of `vocabulary`.
    static func make(_ vocabulary: LoweringVocabulary) -> String {
        var lines = [scaffolding]
        // The classes rules name, under their superclasses as the knowledge gives them.
        var declared = scaffoldingClasses
        for (name, superclass) in vocabulary.superclassPairs where !declared.contains(name) {
            if !declared.contains(superclass) {
                lines.append("@interface \(superclass) : NSObject @end")
                declared.insert(superclass)
            }
            lines.append("@interface \(name) : \(superclass) @end")
            declared.insert(name)
        }
        for name in vocabulary.classes.sorted() where !declared.contains(name) {
            lines.append("@interface \(name) : NSObject @end")
            declared.insert(name)
        }
        // The properties rules read, on every object: which class has them is the rules' to tell.
        let properties = vocabulary.settingProperties.union(vocabulary.facets).sorted()
        if !properties.isEmpty {
            lines.append("@interface NSObject (CatalintRules)")
            for name in properties { lines.append("@property (nonatomic) NSObject *\(name);") }
            lines.append("@end")
        }
        // The control states and idioms, as UIKit names their constants.
        lines.append("typedef NS_OPTIONS(NSUInteger, UIControlState) {")
        lines.append("    UIControlStateNormal = 0,")
        for (bit, name) in ControlStateValue.knownStates.filter({ $0 != "normal" }).enumerated() {
            lines.append("    UIControlState\(name.capitalizedFirst) = 1 << \(bit),")
        }
        lines.append("};")
        lines.append("typedef NS_ENUM(NSInteger, UIUserInterfaceIdiom) {")
        lines.append("    UIUserInterfaceIdiomUnspecified = -1, UIUserInterfaceIdiomPhone = 0, UIUserInterfaceIdiomPad = 1,")
        lines.append("    UIUserInterfaceIdiomTV = 2, UIUserInterfaceIdiomCarPlay = 3, UIUserInterfaceIdiomMac = 5, UIUserInterfaceIdiomVision = 6,")
        lines.append("};")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The classes `scaffolding` declares.
    static let scaffoldingClasses: Set<String> = ["NSObject", "NSString", "NSMutableString", "NSNumber", "NSValue", "NSArray", "NSMutableArray",
                                                  "NSDictionary", "NSMutableDictionary", "NSSet", "NSMutableSet", "NSProcessInfo", "UIDevice",
                                                  "UITraitCollection"]

    /// What every Objective-C file takes from Foundation, CoreGraphics and the system's headers
    /// without naming it: types, macros and the root class, none of it about the Mac idiom.
    static let scaffolding = """
    #pragma clang system_header
    typedef signed char BOOL;
    #define YES ((BOOL)1)
    #define NO ((BOOL)0)
    #define nil ((id)0)
    #define Nil ((Class)0)
    #ifndef NULL
    #define NULL ((void *)0)
    #endif
    typedef unsigned long size_t;
    typedef long ptrdiff_t;
    typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long long int64_t;
    typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t; typedef unsigned long long uint64_t;
    typedef long intptr_t; typedef unsigned long uintptr_t;
    typedef __builtin_va_list va_list;
    typedef long NSInteger;
    typedef unsigned long NSUInteger;
    typedef double CGFloat;
    typedef double NSTimeInterval;
    typedef float Float32; typedef double Float64;
    typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
    typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
    typedef struct CGVector { CGFloat dx; CGFloat dy; } CGVector;
    typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
    typedef struct CGAffineTransform { CGFloat a, b, c, d, tx, ty; } CGAffineTransform;
    typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
    typedef struct NSDirectionalEdgeInsets { CGFloat top, leading, bottom, trailing; } NSDirectionalEdgeInsets;
    typedef struct UIOffset { CGFloat horizontal, vertical; } UIOffset;
    typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange;
    CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height);
    CGSize CGSizeMake(CGFloat width, CGFloat height);
    CGPoint CGPointMake(CGFloat x, CGFloat y);
    UIEdgeInsets UIEdgeInsetsMake(CGFloat top, CGFloat left, CGFloat bottom, CGFloat right);
    NSDirectionalEdgeInsets NSDirectionalEdgeInsetsMake(CGFloat top, CGFloat leading, CGFloat bottom, CGFloat trailing);
    NSRange NSMakeRange(NSUInteger location, NSUInteger length);
    CGFloat CGRectGetWidth(CGRect rect); CGFloat CGRectGetHeight(CGRect rect);
    CGFloat CGRectGetMinX(CGRect rect); CGFloat CGRectGetMinY(CGRect rect); CGFloat CGRectGetMaxX(CGRect rect);
    CGFloat CGRectGetMaxY(CGRect rect); CGFloat CGRectGetMidX(CGRect rect); CGFloat CGRectGetMidY(CGRect rect);
    CGRect CGRectInset(CGRect rect, CGFloat dx, CGFloat dy); CGRect CGRectOffset(CGRect rect, CGFloat dx, CGFloat dy);
    CGRect CGRectIntegral(CGRect rect); CGRect UIEdgeInsetsInsetRect(CGRect rect, UIEdgeInsets insets);
    BOOL CGRectEqualToRect(CGRect a, CGRect b); BOOL CGSizeEqualToSize(CGSize a, CGSize b); BOOL CGRectContainsPoint(CGRect rect, CGPoint point);
    CGAffineTransform CGAffineTransformMakeScale(CGFloat sx, CGFloat sy); CGAffineTransform CGAffineTransformMakeRotation(CGFloat angle);
    CGAffineTransform CGAffineTransformMakeTranslation(CGFloat tx, CGFloat ty);
    extern const CGRect CGRectZero; extern const CGSize CGSizeZero; extern const CGPoint CGPointZero;
    extern const UIEdgeInsets UIEdgeInsetsZero; extern const CGAffineTransform CGAffineTransformIdentity;
    double floor(double); double ceil(double); double round(double); double fabs(double); double sqrt(double);
    double fmin(double, double); double fmax(double, double); double pow(double, double);
    #define MIN(a, b) ((a) < (b) ? (a) : (b))
    #define MAX(a, b) ((a) > (b) ? (a) : (b))
    #define ABS(a) ((a) < 0 ? -(a) : (a))
    #define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
    #define NS_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
    #define NS_CLOSED_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
    #define NS_ERROR_ENUM(_domain, _name) enum _name : NSInteger _name; enum _name : NSInteger
    #define CF_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
    #define CF_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
    #define NS_TYPED_ENUM
    #define NS_TYPED_EXTENSIBLE_ENUM
    #define NS_STRING_ENUM
    #define NS_EXTENSIBLE_STRING_ENUM
    #define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
    #define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
    #define CF_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
    #define CF_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
    #define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))
    #define NS_UNAVAILABLE __attribute__((unavailable))
    #define NS_REQUIRES_SUPER __attribute__((objc_requires_super))
    #define NS_NOESCAPE __attribute__((noescape))
    #define NS_SWIFT_NAME(_name)
    #define NS_SWIFT_UNAVAILABLE(_msg)
    #define NS_SWIFT_NOTHROW
    #define NS_SWIFT_UI_ACTOR
    #define NS_SWIFT_SENDABLE
    #define NS_REFINED_FOR_SWIFT
    #define NS_INLINE static inline
    #define NS_FORMAT_FUNCTION(F, A)
    #define NS_RETURNS_RETAINED
    #define NS_RETURNS_NOT_RETAINED
    #define NS_VALID_UNTIL_END_OF_SCOPE
    #define NS_ROOT_CLASS
    #define NS_AUTOMATED_REFCOUNT_UNAVAILABLE
    #define NS_HEADER_AUDIT_BEGIN(...)
    #define NS_HEADER_AUDIT_END(...)
    #define NS_EXTENSION_UNAVAILABLE_IOS(_msg)
    #define NS_EXTENSION_UNAVAILABLE(_msg)
    #define FOUNDATION_EXPORT extern
    #define FOUNDATION_EXTERN extern
    #define UIKIT_EXTERN extern
    #define UIKIT_STATIC_INLINE static inline
    #define CG_EXTERN extern
    #define CG_INLINE static inline
    #define DEPRECATED_ATTRIBUTE __attribute__((deprecated))
    #define DEPRECATED_MSG_ATTRIBUTE(_msg) __attribute__((deprecated(_msg)))
    #define UNAVAILABLE_ATTRIBUTE __attribute__((unavailable))
    #define API_AVAILABLE(...) __attribute__((availability(swift, introduced=1)))
    #define API_UNAVAILABLE(...) __CATALINT_UNAVAILABLE(__VA_ARGS__)
    #define __CATALINT_UNAVAILABLE(...) __attribute__((annotate("catalint_unavailable:" #__VA_ARGS__)))
    #define API_DEPRECATED(...)
    #define API_DEPRECATED_WITH_REPLACEMENT(...)
    #define API_UNAVAILABLE_BEGIN(...)
    #define API_UNAVAILABLE_END
    #define API_AVAILABLE_BEGIN(...)
    #define API_AVAILABLE_END
    #define NS_AVAILABLE(_mac, _ios)
    #define NS_AVAILABLE_IOS(_ios)
    #define NS_CLASS_AVAILABLE_IOS(_ios)
    #define NS_DEPRECATED_IOS(...)
    #define NS_ENUM_AVAILABLE_IOS(_ios)
    #define __IOS_AVAILABLE(_v)
    #define __IOS_UNAVAILABLE
    #define __TVOS_UNAVAILABLE
    #define __WATCHOS_UNAVAILABLE
    #define __API_AVAILABLE(...)
    #define __API_UNAVAILABLE(...)
    #define __OSX_AVAILABLE_STARTING(...)
    #define __IPHONE_OS_VERSION_MIN_REQUIRED 170000
    #define __IPHONE_OS_VERSION_MAX_ALLOWED 270000
    #define NSLocalizedString(key, comment) (key)
    #define NSLocalizedStringFromTable(key, tbl, comment) (key)
    #define NSLocalizedStringFromTableInBundle(key, tbl, bundle, comment) (key)
    #define NSLocalizedStringWithDefaultValue(key, tbl, bundle, val, comment) (key)
    #define NSAssert(condition, desc, ...) do { } while (0)
    #define NSCAssert(condition, desc, ...) do { } while (0)
    #define NSParameterAssert(condition) do { } while (0)
    #define NSCParameterAssert(condition) do { } while (0)
    #define NSAssert1(condition, desc, a) do { } while (0)
    #define NSNotFound ((NSInteger)0x7fffffffffffffffL)
    #define NSIntegerMax ((NSInteger)0x7fffffffffffffffL)
    #define NSUIntegerMax ((NSUInteger)-1)
    #define CGFLOAT_MAX 1.7976931348623157e+308
    #define CGFLOAT_MIN 2.2250738585072014e-308
    #define FLT_MAX 3.40282347e+38F
    #define DBL_MAX 1.7976931348623157e+308
    #define INT_MAX 2147483647
    #define UINT_MAX 4294967295U
    #define M_PI 3.14159265358979323846264338327950288
    #define M_PI_2 1.57079632679489661923132169163975144
    #define UI_USER_INTERFACE_IDIOM() ([[UIDevice currentDevice] userInterfaceIdiom])
    @class NSString, NSArray, NSDictionary, NSNumber, NSSet, NSError, NSData, NSDate, NSURL, UIDevice;
    @protocol NSObject
    @end
    @protocol NSCopying
    @end
    @protocol NSMutableCopying
    @end
    @protocol NSCoding
    @end
    @protocol NSSecureCoding
    @end
    @protocol NSFastEnumeration
    @end
    __attribute__((objc_root_class))
    @interface NSObject <NSObject>
    + (instancetype)alloc;
    + (instancetype)new;
    + (instancetype)allocWithZone:(void *)zone;
    - (instancetype)init;
    + (Class)class;
    - (Class)class;
    + (Class)superclass;
    - (instancetype)self;
    - (id)copy;
    - (id)mutableCopy;
    - (BOOL)isKindOfClass:(Class)aClass;
    - (BOOL)isMemberOfClass:(Class)aClass;
    - (BOOL)respondsToSelector:(SEL)aSelector;
    + (BOOL)instancesRespondToSelector:(SEL)aSelector;
    - (BOOL)conformsToProtocol:(Protocol *)protocol;
    - (id)performSelector:(SEL)aSelector;
    - (id)performSelector:(SEL)aSelector withObject:(id)object;
    - (id)valueForKey:(NSString *)key;
    - (void)setValue:(id)value forKey:(NSString *)key;
    - (id)valueForKeyPath:(NSString *)keyPath;
    - (void)setValue:(id)value forKeyPath:(NSString *)keyPath;
    - (BOOL)isEqual:(id)object;
    - (NSUInteger)hash;
    - (NSString *)description;
    - (instancetype)retain;
    - (oneway void)release;
    - (instancetype)autorelease;
    - (void)dealloc;
    - (id)objectAtIndexedSubscript:(NSUInteger)index;
    - (void)setObject:(id)object atIndexedSubscript:(NSUInteger)index;
    - (id)objectForKeyedSubscript:(id)key;
    - (void)setObject:(id)object forKeyedSubscript:(id)key;
    @end
    @interface NSString : NSObject
    + (instancetype)stringWithUTF8String:(const char *)string;
    + (instancetype)stringWithFormat:(NSString *)format, ...;
    @property (readonly) NSUInteger length;
    @end
    @interface NSMutableString : NSString @end
    @interface NSNumber : NSObject
    + (NSNumber *)numberWithChar:(char)value;
    + (NSNumber *)numberWithUnsignedChar:(unsigned char)value;
    + (NSNumber *)numberWithShort:(short)value;
    + (NSNumber *)numberWithUnsignedShort:(unsigned short)value;
    + (NSNumber *)numberWithInt:(int)value;
    + (NSNumber *)numberWithUnsignedInt:(unsigned int)value;
    + (NSNumber *)numberWithLong:(long)value;
    + (NSNumber *)numberWithUnsignedLong:(unsigned long)value;
    + (NSNumber *)numberWithLongLong:(long long)value;
    + (NSNumber *)numberWithUnsignedLongLong:(unsigned long long)value;
    + (NSNumber *)numberWithFloat:(float)value;
    + (NSNumber *)numberWithDouble:(double)value;
    + (NSNumber *)numberWithBool:(BOOL)value;
    + (NSNumber *)numberWithInteger:(NSInteger)value;
    + (NSNumber *)numberWithUnsignedInteger:(NSUInteger)value;
    @end
    @interface NSValue : NSObject
    + (NSValue *)valueWithBytes:(const void *)value objCType:(const char *)type;
    @end
    @interface NSArray<__covariant ObjectType> : NSObject <NSFastEnumeration>
    + (instancetype)arrayWithObjects:(const ObjectType _Nonnull [_Nonnull])objects count:(NSUInteger)count;
    @property (readonly) NSUInteger count;
    @end
    @interface NSMutableArray<ObjectType> : NSArray<ObjectType> @end
    @interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSFastEnumeration>
    + (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull [_Nonnull])objects forKeys:(const KeyType _Nonnull [_Nonnull])keys count:(NSUInteger)count;
    @property (readonly) NSUInteger count;
    @end
    @interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType> @end
    @interface NSSet<__covariant ObjectType> : NSObject <NSFastEnumeration> @end
    @interface NSMutableSet<ObjectType> : NSSet<ObjectType> @end
    @interface NSProcessInfo : NSObject
    + (NSProcessInfo *)processInfo;
    @property (readonly) BOOL isMacCatalystApp;
    @property (readonly) BOOL isiOSAppOnMac;
    @end
    @interface UIDevice : NSObject
    + (UIDevice *)currentDevice;
    @property (readonly) NSInteger userInterfaceIdiom;
    @end
    @interface UITraitCollection : NSObject
    @property (readonly) NSInteger userInterfaceIdiom;
    @end
    void NSLog(NSString *format, ...);
    """
}

extension String {
    /// The string with its first character in upper case (`highlighted` -> `Highlighted`).
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// The string with its first character in lower case (`Highlighted` -> `highlighted`).
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
