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
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.split(separator: ":").prefix(3).joined(separator: ":")) + " " + ($0.split(separator: "[").last.map { String($0.dropLast()) } ?? "") }, [
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
}
