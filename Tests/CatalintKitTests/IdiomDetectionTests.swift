import Foundation
import XCTest
@testable import CatalintKit

/// Idiom detection from hand-written, real-looking Xcode project settings.
final class IdiomDetectionTests: XCTestCase {
    private let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    /* Begin XCBuildConfiguration section */
    \t\t1A2B3C4D5E6F000000000001 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    \t\t\t\tCODE_SIGN_STYLE = Automatic;
    \t\t\t\tINFOPLIST_FILE = Recipes/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.Recipes;
    \t\t\t\tSUPPORTS_MACCATALYST = YES;
    \t\t\t\tTARGETED_DEVICE_FAMILY = %@;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    /* End XCBuildConfiguration section */
    \t};
    \trootObject = 1A2B3C4D5E6F000000000000 /* Project object */;
    }
    """

    private func project(_ family: String, catalyst: Bool = true) throws -> URL {
        let directory = try temporaryDirectory(self)
        var text = pbxproj.replacingOccurrences(of: "%@", with: family)
        if !catalyst { text = text.replacingOccurrences(of: "\t\t\t\tSUPPORTS_MACCATALYST = YES;\n", with: "") }
        try write(text, to: directory.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
        return directory
    }

    func testProjectFileWithFamilySixIsTheMacIdiom() throws {
        let directory = try project("\"1,2,6\"")
        let decision = IdiomDetection.detect(from: directory.appendingPathComponent("Recipes.xcodeproj").deletingLastPathComponent().path)
        XCTAssertEqual(decision.idiom, .mac)
        XCTAssertTrue(decision.file?.hasSuffix("Recipes.xcodeproj/project.pbxproj") == true)
        XCTAssertTrue(decision.reason.contains("TARGETED_DEVICE_FAMILY = 1,2,6"), decision.reason)
    }

    func testCatalystWithoutSixIsTheIPadIdiom() throws {
        let directory = try project("\"1,2\"")
        let decision = IdiomDetection.detect(from: directory.path)
        XCTAssertEqual(decision.idiom, .pad)
        XCTAssertTrue(decision.reason.contains("SUPPORTS_MACCATALYST = YES"), decision.reason)
    }

    func testNeitherIsTheStrictDefault() throws {
        let directory = try project("2", catalyst: false)
        XCTAssertEqual(IdiomDetection.detect(from: directory.path).idiom, .mac)
        XCTAssertNil(IdiomDetection.detect(from: directory.path).file)
    }

    func testSearchGoesUpFromASubfolder() throws {
        let directory = try project("\"1,2\"")
        let nested = directory.appendingPathComponent("Recipes/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        XCTAssertEqual(IdiomDetection.detect(from: nested.path).idiom, .pad)
    }

    func testXcconfig() throws {
        let directory = try temporaryDirectory(self)
        try write("""
        // Shared settings for the Recipes app
        #include "Base.xcconfig"
        SUPPORTS_MACCATALYST = YES
        TARGETED_DEVICE_FAMILY = 1,2
        TARGETED_DEVICE_FAMILY[sdk=macosx*] = 2,6 // the Mac idiom on Catalyst
        """, to: directory.appendingPathComponent("Configurations/App.xcconfig"))
        let decision = IdiomDetection.detect(from: directory.path)
        XCTAssertEqual(decision.idiom, .mac)
        XCTAssertTrue(decision.file?.hasSuffix("Configurations/App.xcconfig") == true, decision.reason)
    }

    func testXcodeGenProjectYml() throws {
        let directory = try temporaryDirectory(self)
        try write("""
        name: Recipes
        options:
          bundleIdPrefix: com.example
        targets:
          Recipes:
            type: application
            platform: iOS
            deploymentTarget: "16.0"
            sources: [Recipes]
            settings:
              base:
                SUPPORTS_MACCATALYST: YES
                TARGETED_DEVICE_FAMILY: "1,2"
        """, to: directory.appendingPathComponent("project.yml"))
        XCTAssertEqual(IdiomDetection.detect(from: directory.path).idiom, .pad)
        try write("""
        name: Recipes
        targets:
          Recipes:
            settings:
              configs:
                Release:
                  TARGETED_DEVICE_FAMILY: "2,6"
        """, to: directory.appendingPathComponent("project.yml"))
        XCTAssertEqual(IdiomDetection.detect(from: directory.path).idiom, .mac)
    }
}
