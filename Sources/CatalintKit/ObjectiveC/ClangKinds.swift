/// The cursor kinds of libclang's C interface that the Objective-C front end reads (`CXCursorKind`).
enum ObjCCursorKind: Int32, Sendable {
    case unexposedDecl = 1
    case structDecl = 2
    case unionDecl = 3
    case classDecl = 4
    case enumDecl = 5
    case fieldDecl = 6
    case enumConstantDecl = 7
    case functionDecl = 8
    case varDecl = 9
    case parmDecl = 10
    case objCInterfaceDecl = 11
    case objCCategoryDecl = 12
    case objCProtocolDecl = 13
    case objCPropertyDecl = 14
    case objCIvarDecl = 15
    case objCInstanceMethodDecl = 16
    case objCClassMethodDecl = 17
    case objCImplementationDecl = 18
    case objCCategoryImplDecl = 19
    case typedefDecl = 20
    case cxxMethod = 21
    case namespace = 22
    case linkageSpec = 23
    case constructor = 24
    case functionTemplate = 30
    case classTemplate = 31
    case objCSynthesizeDecl = 37
    case objCDynamicDecl = 38
    case objCSuperClassRef = 40
    case objCProtocolRef = 41
    case objCClassRef = 42
    case typeRef = 43
    case memberRef = 47
    case invalidCode = 73
    case unexposedExpr = 100
    case declRefExpr = 101
    case memberRefExpr = 102
    case callExpr = 103
    case objCMessageExpr = 104
    case blockExpr = 105
    case integerLiteral = 106
    case floatingLiteral = 107
    case imaginaryLiteral = 108
    case stringLiteral = 109
    case characterLiteral = 110
    case parenExpr = 111
    case unaryOperator = 112
    case arraySubscriptExpr = 113
    case binaryOperator = 114
    case compoundAssignOperator = 115
    case conditionalOperator = 116
    case cStyleCastExpr = 117
    case initListExpr = 119
    case gnuNullExpr = 123
    case cxxStaticCastExpr = 124
    case cxxFunctionalCastExpr = 128
    case cxxBoolLiteralExpr = 130
    case cxxNullPtrLiteralExpr = 131
    case cxxThisExpr = 132
    case cxxNewExpr = 134
    case objCStringLiteral = 137
    case objCEncodeExpr = 138
    case objCSelectorExpr = 139
    case objCProtocolExpr = 140
    case objCBridgedCastExpr = 141
    case lambdaExpr = 144
    case objCBoolLiteralExpr = 145
    case objCSelfExpr = 146
    case objCAvailabilityCheckExpr = 148
    case unexposedStmt = 200
    case labelStmt = 201
    case compoundStmt = 202
    case caseStmt = 203
    case defaultStmt = 204
    case ifStmt = 205
    case switchStmt = 206
    case whileStmt = 207
    case doStmt = 208
    case forStmt = 209
    case gotoStmt = 210
    case continueStmt = 212
    case breakStmt = 213
    case returnStmt = 214
    case objCAtTryStmt = 216
    case objCAtCatchStmt = 217
    case objCAtFinallyStmt = 218
    case objCAtSynchronizedStmt = 220
    case objCAutoreleasePoolStmt = 221
    case objCForCollectionStmt = 222
    case cxxForRangeStmt = 225
    case nullStmt = 230
    case declStmt = 231
    case unexposedAttr = 400
    case annotateAttr = 406
    /// A kind the front end does not tell apart.
    case other = -1

    /// A method, function or block body's owner: where a body of statements starts.
    var isFunctionLike: Bool {
        switch self {
        case .objCInstanceMethodDecl, .objCClassMethodDecl, .functionDecl, .cxxMethod, .constructor, .functionTemplate: true
        default: false
        }
    }

    /// A declaration of a class's interface or implementation, or of a category or class extension.
    var isContainer: Bool {
        switch self {
        case .objCInterfaceDecl, .objCCategoryDecl, .objCImplementationDecl, .objCCategoryImplDecl: true
        default: false
        }
    }

    var isLiteral: Bool {
        self == .integerLiteral || self == .floatingLiteral
    }
}

/// libclang's binary operators (`CXBinaryOperatorKind`, libclang 17 and later).
enum ObjCBinaryOperator: Int32, Sendable, CaseIterable {
    case mul = 3, div = 4, rem = 5, add = 6, sub = 7, shl = 8, shr = 9, cmp = 10
    case lessThan = 11, greaterThan = 12, lessEqual = 13, greaterEqual = 14, equal = 15, notEqual = 16
    case bitAnd = 17, bitXor = 18, bitOr = 19, logicalAnd = 20, logicalOr = 21
    case assign = 22, mulAssign = 23, divAssign = 24, remAssign = 25, addAssign = 26, subAssign = 27
    case shlAssign = 28, shrAssign = 29, andAssign = 30, xorAssign = 31, orAssign = 32, comma = 33

    /// The operator a token spells, for a libclang that does not tell operators (before 17).
    init?(token: String) {
        guard let found = Self.allCases.first(where: { $0.spelling == token }) else { return nil }
        self = found
    }

    var isComparison: Bool {
        switch self {
        case .lessThan, .greaterThan, .lessEqual, .greaterEqual, .equal, .notEqual: true
        default: false
        }
    }

    /// How Swift (and catalint's messages) spell it.
    var spelling: String {
        switch self {
        case .mul: "*"
        case .div: "/"
        case .rem: "%"
        case .add: "+"
        case .sub: "-"
        case .shl: "<<"
        case .shr: ">>"
        case .cmp: "<=>"
        case .lessThan: "<"
        case .greaterThan: ">"
        case .lessEqual: "<="
        case .greaterEqual: ">="
        case .equal: "=="
        case .notEqual: "!="
        case .bitAnd: "&"
        case .bitXor: "^"
        case .bitOr: "|"
        case .logicalAnd: "&&"
        case .logicalOr: "||"
        case .assign: "="
        case .mulAssign: "*="
        case .divAssign: "/="
        case .remAssign: "%="
        case .addAssign: "+="
        case .subAssign: "-="
        case .shlAssign: "<<="
        case .shrAssign: ">>="
        case .andAssign: "&="
        case .xorAssign: "^="
        case .orAssign: "|="
        case .comma: ","
        }
    }
}

/// libclang's unary operators (`CXUnaryOperatorKind`, libclang 17 and later).
enum ObjCUnaryOperator: Int32, Sendable {
    case postIncrement = 1, postDecrement = 2, preIncrement = 3, preDecrement = 4
    case addressOf = 5, dereference = 6, plus = 7, minus = 8, bitNot = 9, logicalNot = 10

    init?(token: String) {
        switch token {
        case "!": self = .logicalNot
        case "-": self = .minus
        case "+": self = .plus
        case "~": self = .bitNot
        case "&": self = .addressOf
        case "*": self = .dereference
        case "++": self = .preIncrement
        case "--": self = .preDecrement
        default: return nil
        }
    }
}
