/// Names that Apple's SDKs and the Swift standard library declare, so that `--verbose` does not
/// call them unknown when a class of the app inherits from one (or lists one of their protocols
/// first): catalint never reads the SDKs, and does not need to for these.
enum SystemNames {
    /// The prefixes of Apple's frameworks' classes and protocols (`UIView`, `NSObject`,
    /// `AVPlayerViewController`, `WKNavigationDelegate`), each followed by an upper-case letter.
    /// Prefixes that dependencies use too (`AR`: ARKit and Artsy's `ARFlatButton`; `AS`, `SK`, `MP`,
    /// ...) are not here: Apple's classes of those frameworks that apps subclass are named below.
    static let prefixes = ["UI", "NS", "CA", "CG", "CI", "CL", "CN", "CK", "AV", "EK", "GK", "MK", "MF", "MTL", "MTK", "PH", "PK", "PDF",
                           "QL", "SCN", "SF", "UN", "VN", "WK"]

    /// Classes and protocols of the standard library, Foundation, Combine and SwiftUI without a prefix.
    static let names: Set<String> = [
        "Any", "AnyObject", "Actor", "AsyncSequence", "AsyncIteratorProtocol", "BidirectionalCollection", "CaseIterable", "Codable",
        "Collection", "Comparable", "CustomDebugStringConvertible", "CustomStringConvertible", "Decodable", "Encodable", "Equatable",
        "Error", "ExpressibleByArrayLiteral", "ExpressibleByDictionaryLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByStringLiteral",
        "Hashable", "Identifiable", "IteratorProtocol", "LocalizedError", "MutableCollection", "OptionSet", "RandomAccessCollection",
        "RawRepresentable", "Sendable", "Sequence", "Strideable", "TextOutputStream",
        "Bundle", "DateFormatter", "Dimension", "FileManager", "Formatter", "JSONDecoder", "JSONEncoder", "NotificationCenter",
        "NumberFormatter", "Operation", "OperationQueue", "ProcessInfo", "Progress", "Thread", "Timer", "URLProtocol", "URLSession",
        "UserDefaults", "XMLParser", "ObservableObject", "Publisher", "Subscriber", "Subscription", "Cancellable",
        "App", "Animatable", "ButtonStyle", "Commands", "DynamicProperty", "EnvironmentKey", "Layout", "LabelStyle", "PreferenceKey",
        "PreviewProvider", "PrimitiveButtonStyle", "Scene", "Shape", "ToggleStyle", "ToolbarContent", "View", "ViewModifier",
        "ARSCNView", "ARSKView", "ARView", "ARCoachingOverlayView", "ARSessionDelegate", "ARSCNViewDelegate", "ASAuthorizationAppleIDButton",
        "ASAuthorizationControllerDelegate", "ASAuthorizationControllerPresentationContextProviding", "ASWebAuthenticationPresentationContextProviding",
        "SKView", "SKScene", "SKNode", "SKSpriteNode", "SKShapeNode", "SKLabelNode", "SKEmitterNode", "SKPhysicsContactDelegate",
        "SKSceneDelegate", "SKPaymentTransactionObserver", "SKProductsRequestDelegate", "SKStoreProductViewControllerDelegate",
        "MPVolumeView", "MPMediaPickerController", "MPMediaPickerControllerDelegate", "SLComposeViewController", "SLComposeServiceViewController",
        "INUIAddVoiceShortcutViewController", "INUIAddVoiceShortcutViewControllerDelegate", "INExtension", "HKHealthStore", "LAContext",
        "WCSessionDelegate", "CXProviderDelegate", "CXCallObserverDelegate", "GCController", "MLModel", "BGTaskScheduler",
    ]

    /// True for a name Apple's SDKs or the standard library declare, by its spelling.
    static func isSystem(_ name: String) -> Bool {
        if names.contains(name) { return true }
        for prefix in prefixes where name.hasPrefix(prefix) && name.count > prefix.count {
            let next = name[name.index(name.startIndex, offsetBy: prefix.count)]
            if next.isUppercase { return true }
        }
        return false
    }
}
