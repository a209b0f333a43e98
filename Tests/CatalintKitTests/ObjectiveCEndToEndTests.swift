import Foundation
import XCTest
@testable import CatalintKit

/// The Objective-C front end through the built binary: a mixed project linted as one, the project's
/// settings, the cache, standard input, and a machine without libclang.
final class ObjectiveCEndToEndTests: XCTestCase {
    func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], stdin: String? = nil) throws -> CommandRun {
        try runCatalint(arguments, in: directory, environment: environment, stdin: stdin)
    }

    /// A small mixed app: a header declares a stepper subclass that Swift and Objective-C both make;
    /// a Swift subclass of a refresh control is made in Objective-C; Objective-C++ too.
    private func mixedProject() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("""
            #import <UIKit/UIKit.h>
            @interface RatingStepper : UIStepper
            @property (nonatomic, strong) UISlider *volume;
            @end

            """, to: directory.appendingPathComponent("App/RatingStepper.h"))
        try write("""
            #import "RatingStepper.h"
            #import "App-Swift.h"

            @implementation RatingStepper
            - (void)setUp {
                self.volume.thumbTintColor = [UIColor redColor];
                UIRefreshControl *refresh = [[PullToRefresh alloc] init];
            }
            @end

            """, to: directory.appendingPathComponent("App/RatingStepper.m"))
        try write("""
            #import "RatingStepper.h"
            #include <vector>

            static std::vector<int> sizes() { return {1, 2, 3}; }

            void addRating(UIView *view) {
                [view addSubview:[[RatingStepper alloc] init]];
                // catalint:disable:next unavailable-control - replaced on the Mac by a menu
                [view addSubview:[UIPageControl new]];
            }

            """, to: directory.appendingPathComponent("App/Rating.mm"))
        try write("""
            import UIKit

            @objc final class PullToRefresh: UIRefreshControl {}

            func makeRating() -> UIView {
                RatingStepper()
            }

            """, to: directory.appendingPathComponent("App/Views.swift"))
        return directory
    }

    func testAMixedProjectIsLintedAsOne() throws {
        let directory = try mixedProject()
        let result = try run(["lint", "--format", "xcode", "--no-cache", "."], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(findingLines(result.stdout), [
            "App/Rating.mm:7:24 unavailable-control",
            "App/RatingStepper.m:6:17 slider-custom-appearance",
            "App/RatingStepper.m:7:35 unavailable-control",
            "App/Views.swift:6:5 unavailable-control",
        ], result.stdout)
        XCTAssertTrue(result.stdout.contains("`RatingStepper`, a subclass of `UIStepper`,"), result.stdout)
        XCTAssertTrue(result.stdout.contains("`PullToRefresh`, a subclass of `UIRefreshControl`,"), result.stdout)
        XCTAssertEqual(result.stderr, "")
        // The same in every format and whatever the number of threads.
        let one = try run(["lint", "--format", "json", "--no-cache", "-j", "1", "."], in: directory).stdout
        let four = try run(["lint", "--format", "json", "--no-cache", "-j", "4", "."], in: directory).stdout
        XCTAssertEqual(one, four)
        XCTAssertTrue(one.contains("\"path\": \"App/Rating.mm\", \"line\": 7, \"column\": 24"), one)
    }

    func testWithoutLibclangTheObjectiveCFilesGetOneWarningAndTheRestIsLinted() throws {
        let directory = try mixedProject()
        try write("let servings = UIStepper()\n", to: directory.appendingPathComponent("App/Servings.swift"))
        let result = try run(["lint", "--no-cache", "."], in: directory, environment: ["CATALINT_LIBCLANG": "/nonexistent/libclang.so"])
        XCTAssertEqual(result.status, 1)
        // The Swift files are linted; what only a header tells (RatingStepper's superclass) is not known.
        XCTAssertTrue(result.stdout.contains("Servings.swift:1:16"), result.stdout)
        XCTAssertFalse(result.stdout.contains(".m:"), result.stdout)
        XCTAssertTrue(result.stderr.contains("3 Objective-C files not linted: libclang not found (looked in /nonexistent/libclang.so); set CATALINT_LIBCLANG"),
                      result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "not linted").count, 2, "one warning for the run: \(result.stderr)")
    }

    /// A run whose Objective-C results all come from the cache does not load libclang.
    func testAWarmRunDoesNotLoadLibclang() throws {
        let directory = try mixedProject()
        let cold = try run(["lint", "-v", "--cache-dir", ".cache", "."], in: directory)
        XCTAssertTrue(cold.stderr.contains("catalint: libclang: /"), cold.stderr)
        XCTAssertFalse(cold.stderr.contains("not loaded"), cold.stderr)
        let warm = try run(["lint", "-v", "--cache-dir", ".cache", "."], in: directory)
        XCTAssertEqual(findingLines(warm.stdout), findingLines(cold.stdout))
        XCTAssertTrue(warm.stderr.contains(" not loaded: no Objective-C file needed parsing"), warm.stderr)
        // A changed file is parsed: the library is loaded again.
        let file = directory.appendingPathComponent("App/Rating.mm")
        try write(try String(contentsOf: file, encoding: .utf8) + "\n", to: file)
        let changed = try run(["lint", "-v", "--cache-dir", ".cache", "."], in: directory)
        XCTAssertFalse(changed.stderr.contains("not loaded"), changed.stderr)
        XCTAssertEqual(findingLines(changed.stdout), findingLines(cold.stdout))
    }

    /// A Swift package with C targets: their headers are C, so no file goes to clang and a run
    /// without libclang has nothing to warn of; an Objective-C target's header is read, and what it
    /// declares reaches the Swift that uses it.
    func testTheHeadersOfCTargetsAreNotObjectiveC() throws {
        let directory = try temporaryDirectory(self)
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", dependencies: ["CShim"]),
                .target(name: "CShim"),
            ])
            """, to: directory.appendingPathComponent("Package.swift"))
        try write("import UIKit\n\nlet servings = UIStepper()\n", to: directory.appendingPathComponent("Sources/Kit/Kit.swift"))
        try write("#pragma once\nint shim_version(void);\n", to: directory.appendingPathComponent("Sources/CShim/include/shim.h"))
        try write("#include \"shim.h\"\nint shim_version(void) { return 1; }\n", to: directory.appendingPathComponent("Sources/CShim/shim.c"))
        try write("#define SHIM_INTERNAL 1\n", to: directory.appendingPathComponent("Sources/CShim/internal.h"))
        let missing = ["CATALINT_LIBCLANG": "/nonexistent/libclang.so"]
        var result = try run(["lint", "--no-cache", "-v", "--format", "xcode", "."], in: directory, environment: missing)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(findingLines(result.stdout), ["Sources/Kit/Kit.swift:3:16 unavailable-control"], result.stdout)
        XCTAssertFalse(result.stderr.contains("not linted"), "no Objective-C file in the run: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("build: left out Sources/CShim/include/shim.h: a header of the target CShim, which compiles no Objective-C (.m, .mm)"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("build: left out Sources/CShim/internal.h: "), result.stderr)
        // Nor with the files no target builds: a C header is built, as C.
        result = try run(["lint", "--no-cache", "--include-unbuilt", "."], in: directory, environment: missing)
        XCTAssertFalse(result.stderr.contains("not linted"), result.stderr)

        // An Objective-C target beside it: its header and implementation are read.
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", dependencies: ["CShim", "Legacy"]),
                .target(name: "CShim"),
                .target(name: "Legacy"),
            ])
            """, to: directory.appendingPathComponent("Package.swift"))
        try write("#import <UIKit/UIKit.h>\n@interface LegacyStepper : UIStepper\n@end\n", to: directory.appendingPathComponent("Sources/Legacy/include/Legacy.h"))
        try write("#import \"Legacy.h\"\n@implementation LegacyStepper\n@end\n", to: directory.appendingPathComponent("Sources/Legacy/Legacy.m"))
        try write("import UIKit\nimport Legacy\n\nfunc rating() -> UIView { LegacyStepper() }\n", to: directory.appendingPathComponent("Sources/Kit/Rating.swift"))
        result = try run(["lint", "--no-cache", "."], in: directory, environment: missing)
        XCTAssertTrue(result.stderr.contains("2 Objective-C files not linted: libclang not found"), result.stderr)
        result = try run(["lint", "--no-cache", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(findingLines(result.stdout), ["Sources/Kit/Kit.swift:3:16 unavailable-control", "Sources/Kit/Rating.swift:4:27 unavailable-control"],
                       result.stdout + result.stderr)
    }

    func testStandardInputWithAnObjectiveCName() throws {
        let directory = try temporaryDirectory(self)
        let text = "void f(UIView *view) {\n    [view addSubview:[[UIStepper alloc] init]];\n}\n"
        let result = try run(["lint", "--format", "xcode", "--stdin-filename", "Sources/Servings.m", "-"], in: directory, stdin: text)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sources/Servings.m:2:24: error: "), result.stdout)
    }

    func testAChangedHeaderMakesTheFilesThatImportItLintedAgain() throws {
        let directory = try mixedProject()
        let first = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertTrue(first.stdout.contains("RatingStepper.m:6:17"), first.stdout)
        // The slider becomes a progress view in the header alone: the .m's finding goes.
        let header = directory.appendingPathComponent("App/RatingStepper.h")
        try write(try String(contentsOf: header, encoding: .utf8).replacingOccurrences(of: "UISlider *volume", with: "UIProgressView *volume"), to: header)
        let second = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertFalse(second.stdout.contains("RatingStepper.m:6:17"), second.stdout)
        let third = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(second.stdout, third.stdout)
    }

    /// A macro a header defines changes what the files that include it say, though nothing they
    /// declare changes: they are read again.
    func testAChangedMacroInAHeaderIsSeen() throws {
        let directory = try temporaryDirectory(self)
        let header = directory.appendingPathComponent("Device.h")
        try write("#define STEPPER_CLASS UIStepper\n", to: header)
        try write("#import \"Device.h\"\nvoid f(UIView *view) {\n    [view addSubview:[[STEPPER_CLASS alloc] init]];\n}\n",
                  to: directory.appendingPathComponent("Servings.m"))
        XCTAssertTrue(try run(["lint", "--format", "xcode", "."], in: directory).stdout.contains("Servings.m:3:24"))
        try write("#define STEPPER_CLASS UITextField\n", to: header)
        XCTAssertEqual(try run(["lint", "--format", "xcode", "."], in: directory).stdout, "")
        try write("#define STEPPER_CLASS UIPageControl\n", to: header)
        XCTAssertTrue(try run(["lint", "--format", "xcode", "."], in: directory).stdout.contains("[unavailable-control]"))
    }

    /// An XcodeGen project: its prefix header's macros and its definitions are the files', and a file
    /// no target compiles is not linted.
    func testTheProjectsSettingsAndMembershipCount() throws {
        let directory = try temporaryDirectory(self)
        try write("""
            name: Recipes
            targets:
              Recipes:
                type: application
                platform: iOS
                sources: [Recipes]
                settings:
                  base:
                    SUPPORTS_MACCATALYST: YES
                    TARGETED_DEVICE_FAMILY: "1,2,6"
                    GCC_PREFIX_HEADER: Recipes/Prefix.pch
                    GCC_PREPROCESSOR_DEFINITIONS: "$(inherited) SHOW_SERVINGS=1"

            """, to: directory.appendingPathComponent("project.yml"))
        try write("#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)\n", to: directory.appendingPathComponent("Recipes/Prefix.pch"))
        try write("""
            @implementation RecipeGrid
            - (CGFloat)columnWidth {
                return IS_IPAD ? 320 : 160;
            }
            - (void)addServings {
            #if SHOW_SERVINGS
                [self.view addSubview:[[UIStepper alloc] init]];
            #endif
            }
            @end

            """, to: directory.appendingPathComponent("Recipes/RecipeGrid.m"))
        try write("void f(UIView *v) { [v addSubview:[[UIStepper alloc] init]]; }\n", to: directory.appendingPathComponent("Old/Unused.m"))
        let result = try run(["lint", "--format", "xcode", "--no-cache", "."], in: directory)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(3).joined(separator: ":") }, [
            "Recipes/RecipeGrid.m:3:12",
            "Recipes/RecipeGrid.m:7:29",
        ], result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("[idiom-layout-decision]"), result.stdout)
    }

    func testAFilePastItsTimeIsSkippedAndTheOthersAreLinted() throws {
        let directory = try mixedProject()
        try write("limits:\n  seconds_per_file: 0.000001\n", to: directory.appendingPathComponent(".catalint.yml"))
        let result = try run(["lint", "--format", "xcode", "--no-cache", "App/Rating.mm"], in: directory)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Rating.mm:1:1: error: ") && result.stdout.contains("[file-skipped]"), result.stdout)
    }

    func testUnusedAndInvalidSuppressionsInObjectiveC() throws {
        let directory = try temporaryDirectory(self)
        try write("""
            void f(UIView *view) {
                // catalint:disable:next unavailable-control
                [view addSubview:[[UILabel alloc] init]];
                // catalint:disabel unavailable-control
            }

            """, to: directory.appendingPathComponent("A.m"))
        let result = try run(["lint", "--format", "xcode", "--no-cache", "."], in: directory)
        XCTAssertTrue(result.stdout.contains("A.m:2:30: warning: `catalint:disable:next unavailable-control` suppressed nothing"), result.stdout)
        XCTAssertTrue(result.stdout.contains("A.m:4:8: warning: `catalint:disabel` is not a catalint command"), result.stdout)
    }

    /// The rules about insides, accessory views, features and the app's life cycle read an app whose
    /// code is Objective-C: its app delegate declared in a header, a helper a Swift extension
    /// declares, and, with the cache, a method added to the delegate's implementation later.
    func testTheAppsObjectiveCIsReadByTheRulesAboutWholeApps() throws {
        let directory = try temporaryDirectory(self)
        try write("""
            name: Courier
            targets:
              Courier:
                type: application
                platform: iOS
                sources: [Courier]
                settings:
                  INFOPLIST_FILE: Courier/Info.plist

            """, to: directory.appendingPathComponent("project.yml"))
        let plist = directory.appendingPathComponent("Courier/Info.plist")
        try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n    <key>CFBundleName</key>\n    <string>Courier</string>\n</dict>\n</plist>\n",
                  to: plist)
        try write("""
            #import <UIKit/UIKit.h>

            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            @end

            """, to: directory.appendingPathComponent("Courier/AppDelegate.h"))
        let delegate = directory.appendingPathComponent("Courier/AppDelegate.m")
        try write("#import \"AppDelegate.h\"\n\n@implementation AppDelegate\n@end\n", to: delegate)
        try write("""
            import UIKit

            extension UIDevice {
                @objc static var isPad: Bool { current.userInterfaceIdiom == .pad }
            }

            """, to: directory.appendingPathComponent("Courier/Device.swift"))
        try write("""
            #import <UIKit/UIKit.h>

            @interface ComposerBar : UIView
            @property (nonatomic, strong) UITextView *textView;
            @end

            """, to: directory.appendingPathComponent("Courier/ComposerBar.h"))
        try write("""
            #import "ComposerBar.h"

            @implementation ChatViewController {
                ComposerBar *_composer;
            }
            - (UIView *)inputAccessoryView {
                return _composer;
            }
            - (void)styleSearchBar:(UISearchBar *)searchBar {
                UITextField *field = [searchBar valueForKey:@"searchField"];
                if ([UIDevice isPad]) {
                    [self.view addInteraction:[[UIPencilInteraction alloc] init]];
                }
            }
            @end

            """, to: directory.appendingPathComponent("Courier/ChatViewController.m"))
        let arguments = ["lint", "--format", "xcode", "--extend-select", "pad-only-feature", "."]
        let first = try run(arguments, in: directory)
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertEqual(findingLines(first.stdout), [
            "Courier/AppDelegate.h:3:12 scene-life-cycle",
            "Courier/ChatViewController.m:6:13 input-accessory-view",
            "Courier/ChatViewController.m:10:37 control-internals",
            "Courier/ChatViewController.m:11:9 pad-only-feature",
        ], first.stdout)
        XCTAssertTrue(first.stdout.contains("no Info.plist of it has a `UIApplicationSceneManifest`"), first.stdout)
        XCTAssertTrue(first.stdout.contains("through `isPad` (it reads the idiom at Courier/Device.swift:4)"), first.stdout)
        // A manifest with no configuration: the app delegate, which gives none, is still reported.
        try write(try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "<dict>\n    <key>CFBundleName</key>", with: """
            <dict>
                <key>UIApplicationSceneManifest</key>
                <dict>
                    <key>UIApplicationSupportsMultipleScenes</key>
                    <false/>
                </dict>
                <key>CFBundleName</key>
            """), to: plist)
        let second = try run(arguments, in: directory)
        XCTAssertTrue(second.stdout.contains("Courier/AppDelegate.h:3:12: error: The app `Courier` has not adopted the scene-based life cycle: its `UIApplicationSceneManifest` names no scene configuration, and `AppDelegate` does not implement"), second.stdout)
        // The implementation gives one, in a run that reads the other files from the cache.
        try write("""
            #import "AppDelegate.h"

            @implementation AppDelegate
            - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session
                                          options:(UISceneConnectionOptions *)options {
                return [[UISceneConfiguration alloc] initWithName:@"Default Configuration" sessionRole:session.role];
            }
            @end

            """, to: delegate)
        let third = try run(arguments, in: directory)
        XCTAssertEqual(findingLines(third.stdout), Array(findingLines(first.stdout).dropFirst()), third.stdout)
        XCTAssertEqual(third.stdout, try run(arguments + ["--no-cache"], in: directory).stdout)
    }
}
