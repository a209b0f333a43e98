#!/usr/bin/env python3
"""Which targets build each file of an app, and whether those targets run in the Mac idiom.

An independent reading of the app's build description, written from the file formats (Xcode's
project.pbxproj, .xcconfig, SwiftPM's Package.swift, XcodeGen's project.yml), not from catalint's
code: it is the oracle catalint's own project membership is checked against, and the source of the
`not built:` and `not in the Mac idiom:` labels of labels.csv (LABELING.md, "Files the app does not
build").

For every Swift file, Objective-C file (.m, .mm), header (.h, .pch), storyboard, xib and interface
file under the folder it prints the targets that build it (compile it, or copy it as a resource that
is compiled: a storyboard or xib in a Resources phase or in a synchronized folder), and a verdict:

  mac        some target that builds it runs in the Mac idiom (judged strictly: one is enough)
  ios-only   built only by iOS targets that never run on the Mac (an extension or an app clip
             without Mac Catalyst, an app target without it next to one that has it): only what
             breaks on iPad too (the `crash` rules) can be a finding
  other      built only for another platform: watchOS, tvOS, visionOS only, or macOS with AppKit
             (a native Mac target, an AppKit plug-in bundle): never a finding
  test       compiled only by unit- or UI-test targets (also SwiftPM test targets): not the app
  tool       compiled only by a command-line tool, or a SwiftPM executable, plugin or macro
             target: not the app
  unbuilt    no target builds it: not in any project, left out of every target, inside a folder
             reference (copied as is, never compiled), or in a SwiftPM package no target links

How a target's idiom is decided (the corpus asks: "if this iPad app ran in the Mac idiom"):
- Its platform comes from SDKROOT / SUPPORTED_PLATFORMS and its product type (watch apps and
  extensions are watchOS). A target whose only Apple-silicon Mac build is a native macOS one
  (SDKROOT = macosx, or `macosx` in SUPPORTED_PLATFORMS) is not a Catalyst target.
- An iOS target runs in the Mac idiom when it enables Mac Catalyst (SUPPORTS_MACCATALYST = YES, or
  6 in TARGETED_DEVICE_FAMILY, in any configuration; the corpus runs catalint with `--idiom mac`, so
  the scaled pad idiom counts as the Mac idiom too), unless everything that embeds it or depends on
  it does so with a platform filter that leaves Mac Catalyst out.
- When no iOS target of a project enables Mac Catalyst (the app is not on the Mac yet; catalint's
  strict default), its application targets for iPad (TARGETED_DEVICE_FAMILY with 2) and its
  frameworks and libraries are taken to run in the Mac idiom: that is the premise of the corpus.
  Extensions and app clips are not: they run on the Mac only when they say so themselves.
- Frameworks, libraries and iOS bundles follow the project: the Mac idiom when they enable Mac
  Catalyst themselves or when an application target of the project runs in the Mac idiom.
- A build file with `platformFilter = ios` (or `platformFilters` without `maccatalyst`) is compiled
  by that target for iOS only: that target does not count as Mac for the file.
- Objective-C: a .m or .mm file is compiled like a Swift file (a Sources phase, a synchronized
  folder, a SwiftPM target's folder). A header is never compiled on its own: it takes the verdicts
  of the built files that `#import` or `#include` it (directly or through other headers), besides
  those of a target whose Headers phase lists it or that names it as its prefix header
  (GCC_PREFIX_HEADER) or bridging header (SWIFT_OBJC_BRIDGING_HEADER). An import is resolved by
  name: beside the importer first for a quoted name, else every header of the app whose path ends
  with the name (or has its file name). A header no built file imports is `unbuilt`. (Not the
  simpler "a header is `mac` when a Mac target compiles a file in its folder": that would make a
  leftover header beside live code a finding, and miss the headers of a shared folder elsewhere.)
  CocoaPods development pods (`pod 'X', :path => ...` in a Podfile) are not read: their files are
  built by the Pods project `pod install` writes, which is not in the repository; they come out
  `unbuilt` here (LABELING.md says how such files are labelled).
- SwiftPM: a package counts when a project refers to it (XCLocalSwiftPackageReference, or a file
  reference to its folder) or a counted package depends on it by path. A package target is built by
  the project targets that link one of its products (`packageProductDependencies`), through the
  package's target and product dependencies, and takes their idiom; test, executable, plugin and
  macro targets are `test` / `tool`.

Usage: scripts/corpus/membership.py [FOLDER ...] [--csv] [--targets] [--files all|unbuilt|...]
  FOLDER      an app folder (default: every app extracted into .corpus/)
  --targets   list each project's targets with their platform, settings and verdict
  --csv       one row per file: app,path,verdict,targets (`project:target=verdict;...`)
  --only V    list only the files with these verdicts (comma-separated)
"""
import argparse
import csv
import fnmatch
import os
import re
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

LINTED = (".swift", ".m", ".mm", ".h", ".pch", ".storyboard", ".xib", ".interface.yml", ".interface.yaml")
INTERFACE_BUILDER = (".storyboard", ".xib")
VERDICTS = ("mac", "ios-only", "other", "test", "tool", "unbuilt")
STRICTNESS = {verdict: index for index, verdict in enumerate(VERDICTS)}  # lower is stricter


# --- The OpenStep property list of project.pbxproj ------------------------------------------

class PlistError(ValueError):
    pass


def parse_plist(text):
    """Parses the old-style (OpenStep) property list that project.pbxproj is written in."""
    position = 0
    length = len(text)
    unquoted = re.compile(r"[A-Za-z0-9_$/:.\-+<>@]+")

    def skip():
        nonlocal position
        while position < length:
            character = text[position]
            if character in " \t\r\n":
                position += 1
            elif text.startswith("/*", position):
                end = text.find("*/", position + 2)
                if end < 0:
                    raise PlistError("unterminated comment")
                position = end + 2
            elif text.startswith("//", position):
                end = text.find("\n", position)
                position = length if end < 0 else end + 1
            else:
                break

    def value():
        nonlocal position
        skip()
        if position >= length:
            raise PlistError("unexpected end")
        character = text[position]
        if character == "{":
            position += 1
            result = {}
            while True:
                skip()
                if text[position] == "}":
                    position += 1
                    return result
                key = value()
                skip()
                if text[position] != "=":
                    raise PlistError(f"expected = at {position}")
                position += 1
                result[key] = value()
                skip()
                if text[position] != ";":
                    raise PlistError(f"expected ; at {position}")
                position += 1
        if character == "(":
            position += 1
            result = []
            while True:
                skip()
                if text[position] == ")":
                    position += 1
                    return result
                result.append(value())
                skip()
                if text[position] == ",":
                    position += 1
                elif text[position] != ")":
                    raise PlistError(f"expected , or ) at {position}")
        if character == '"':
            position += 1
            pieces = []
            while True:
                end = position
                while end < length and text[end] not in '"\\':
                    end += 1
                pieces.append(text[position:end])
                if end >= length:
                    raise PlistError("unterminated string")
                if text[end] == '"':
                    position = end + 1
                    return "".join(pieces)
                escaped = text[end + 1]
                pieces.append({"n": "\n", "t": "\t", "r": "\r"}.get(escaped, escaped))
                position = end + 2
        match = unquoted.match(text, position)
        if not match:
            raise PlistError(f"unexpected {character!r} at {position}")
        position = match.end()
        return match.group(0)

    if text.startswith("// !$*UTF8*$!"):
        position = text.index("\n") + 1
    return value()


# --- Build settings -------------------------------------------------------------------------

def read_xcconfig(path, seen=None):
    """KEY[condition] = value lines of an .xcconfig and the files it #includes, in order."""
    seen = seen if seen is not None else set()
    settings = []
    if path in seen or not os.path.isfile(path):
        return settings
    seen.add(path)
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            line = line.split("//", 1)[0].strip() if not line.strip().startswith("#include") else line.strip()
            include = re.match(r'#include\??\s+"([^"]+)"', line)
            if include:
                settings += read_xcconfig(os.path.join(os.path.dirname(path), include.group(1)), seen)
                continue
            assignment = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])*\s*=\s*(.*?);?$", line)
            if assignment:
                conditions = re.findall(r"\[([^\]]*)\]", line[:line.index("=")])
                settings.append((assignment.group(1), conditions, assignment.group(3).strip()))
    return settings


def condition_holds_for_catalyst(conditions):
    """Whether `[sdk=...][arch=...]` conditions can hold in a Mac Catalyst build."""
    for condition in conditions:
        key, _, pattern = condition.partition("=")
        if key.strip() == "sdk" and not fnmatch.fnmatch("macosx", pattern.strip()):
            return False
    return True


def condition_holds_for_ios(conditions):
    for condition in conditions:
        key, _, pattern = condition.partition("=")
        if key.strip() == "sdk" and not (fnmatch.fnmatch("iphoneos", pattern.strip()) or
                                         fnmatch.fnmatch("iphonesimulator", pattern.strip())):
            return False
    return True


def layered(layers, holds):
    """Applies (key, conditions, value) layers in order; $(inherited) keeps the earlier value."""
    values = {}
    for layer in layers:
        for key, conditions, value in layer:
            if not holds(conditions):
                continue
            if isinstance(value, list):
                value = " ".join(value)
            earlier = values.get(key, "")
            value = re.sub(r"\$[({]inherited[)}]", earlier, value).strip()
            values[key] = value
    return values


def settings_layer(build_settings):
    """A pbxproj buildSettings dictionary as (key, conditions, value) entries."""
    layer = []
    for raw_key, value in build_settings.items():
        key = raw_key.split("[", 1)[0]
        conditions = re.findall(r"\[([^\]]*)\]", raw_key)
        layer.append((key, conditions, value))
    return layer


# --- Xcode projects -------------------------------------------------------------------------

PRODUCT_KINDS = [
    ("com.apple.product-type.application.watchapp", "watch"),
    ("com.apple.product-type.watchkit", "watch"),
    ("com.apple.product-type.application.on-demand-install-capable", "app-clip"),
    ("com.apple.product-type.application.messages", "app"),
    ("com.apple.product-type.application", "app"),
    ("com.apple.product-type.app-extension", "extension"),
    ("com.apple.product-type.extensionkit-extension", "extension"),
    ("com.apple.product-type.tv-app-extension", "extension"),
    ("com.apple.product-type.xpc-service", "extension"),
    ("com.apple.product-type.bundle.unit-test", "test"),
    ("com.apple.product-type.bundle.ui-testing", "test"),
    ("com.apple.product-type.framework", "library"),
    ("com.apple.product-type.library", "library"),
    ("com.apple.product-type.bundle", "bundle"),
    ("com.apple.product-type.tool", "tool"),
]


def product_kind(product_type):
    for prefix, kind in PRODUCT_KINDS:
        if product_type.startswith(prefix):
            return kind
    return "other"


def filters_allow_catalyst(build_file):
    """Whether a PBXBuildFile's or PBXTargetDependency's platform filter lets Mac Catalyst build it."""
    filters = []
    if "platformFilter" in build_file:
        filters.append(build_file["platformFilter"])
    filters += build_file.get("platformFilters", [])
    return not filters or "maccatalyst" in filters


class Target:
    def __init__(self, project, identifier, name, kind, product_type):
        self.project, self.identifier, self.name = project, identifier, name
        self.kind, self.product_type = kind, product_type
        self.platforms = set()  # ios, macos, watchos, tvos, xros
        self.catalyst = False   # enables Mac Catalyst (SUPPORTS_MACCATALYST or family 6)
        self.family = set()
        self.settings_note = ""
        self.mac_filtered_out = False  # embedded / depended on only with filters that leave Catalyst out
        self.verdict = None
        self.why = ""
        self.packages = []  # names of linked SwiftPM products
        self.included_headers = set()  # its prefix header and bridging header (absolute paths)

    @property
    def label(self):
        return f"{self.project.name}:{self.name}"


class Project:
    """One .xcodeproj: its targets and the files each builds, as paths relative to the app folder."""

    def __init__(self, app_folder, pbxproj_path):
        self.app_folder = app_folder
        self.path = pbxproj_path
        self.bundle = os.path.dirname(pbxproj_path)  # Foo.xcodeproj
        self.name = os.path.basename(self.bundle)
        self.folder = os.path.dirname(self.bundle)   # SOURCE_ROOT
        with open(pbxproj_path, encoding="utf-8", errors="replace") as file:
            self.plist = parse_plist(file.read())
        self.objects = self.plist["objects"]
        self.root = self.objects[self.plist["rootObject"]]
        project_dir = self.root.get("projectDirPath", "") or ""
        self.source_root = os.path.normpath(os.path.join(self.folder, project_dir))
        self.parents = {}
        for identifier, item in self.objects.items():
            for child in item.get("children", []) if isinstance(item, dict) else []:
                self.parents[child] = identifier
        self.paths = {}
        self.targets = []
        self.built = defaultdict(set)          # absolute file path -> {(target, catalyst_allowed)}
        self.folder_references = []            # absolute folder paths copied as is
        self.package_folders = []              # absolute folders of local packages it refers to
        self.read()

    # paths

    def absolute(self, identifier):
        """The absolute path of a file reference or group, through the group tree."""
        if identifier in self.paths:
            return self.paths[identifier]
        item = self.objects.get(identifier, {})
        tree = item.get("sourceTree", "<group>")
        path = item.get("path", "")
        if tree == "<group>":
            parent = self.parents.get(identifier)
            if parent is None:  # the main group, or an orphan
                base = self.source_root
            else:
                base = self.absolute(parent)
            result = os.path.normpath(os.path.join(base, path)) if base is not None else None
        elif tree == "SOURCE_ROOT":
            result = os.path.normpath(os.path.join(self.source_root, path))
        elif tree == "<absolute>":
            result = os.path.normpath(path)
        else:  # BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR, a custom source tree: outside the app
            result = None
        self.paths[identifier] = result
        return result

    def reference_paths(self, identifier):
        """The files a build file's reference stands for (a variant group stands for its children)."""
        item = self.objects.get(identifier, {})
        isa = item.get("isa")
        if isa in ("PBXVariantGroup", "XCVersionGroup"):
            paths = []
            for child in item.get("children", []):
                paths += self.reference_paths(child)
            return paths
        if isa == "PBXReferenceProxy":
            return []
        path = self.absolute(identifier)
        return [(path, item)] if path else []

    # settings

    def xcconfig_layer(self, configuration):
        reference = configuration.get("baseConfigurationReference")
        if reference:
            path = self.absolute(reference)
            if path:
                return read_xcconfig(path)
        # Xcode 16: an xcconfig inside a synchronized folder
        anchor = configuration.get("baseConfigurationReferenceAnchor")
        relative = configuration.get("baseConfigurationReferenceRelativePath")
        if anchor and relative:
            base = self.absolute(anchor)
            if base:
                return read_xcconfig(os.path.join(base, relative))
        return []

    def configurations(self, list_identifier):
        configuration_list = self.objects.get(list_identifier, {})
        return {self.objects[c].get("name", c): self.objects[c] for c in configuration_list.get("buildConfigurations", [])
                if c in self.objects}

    def target_settings(self, target_item):
        """Per configuration name, the settings as a Catalyst build and as an iOS build sees them."""
        project_configurations = self.configurations(self.root.get("buildConfigurationList"))
        result = {}
        for name, configuration in self.configurations(target_item.get("buildConfigurationList")).items():
            project_configuration = project_configurations.get(name, {})
            layers = [self.xcconfig_layer(project_configuration),
                      settings_layer(project_configuration.get("buildSettings", {})),
                      self.xcconfig_layer(configuration),
                      settings_layer(configuration.get("buildSettings", {}))]
            result[name] = (layered(layers, condition_holds_for_catalyst), layered(layers, condition_holds_for_ios))
        return result

    # targets

    def read(self):
        objects = self.objects
        for reference in self.root.get("packageReferences", []):
            item = objects.get(reference, {})
            if item.get("isa") == "XCLocalSwiftPackageReference" and "relativePath" in item:
                self.package_folders.append(os.path.normpath(os.path.join(self.folder, item["relativePath"])))
        for identifier, item in objects.items():
            if isinstance(item, dict) and item.get("isa") == "PBXFileReference":
                path = self.absolute(identifier)
                if path and os.path.isfile(os.path.join(path, "Package.swift")):
                    self.package_folders.append(path)

        product_of = {}
        for identifier in self.root.get("targets", []):
            item = objects.get(identifier, {})
            if item.get("isa") != "PBXNativeTarget":
                continue  # aggregate and legacy targets compile nothing
            target = Target(self, identifier, item.get("name", identifier), product_kind(item.get("productType", "")),
                            item.get("productType", ""))
            self.targets.append(target)
            if item.get("productReference"):
                product_of[item["productReference"]] = target
            self.read_settings(target, item)
            for dependency in item.get("packageProductDependencies", []):
                product = objects.get(dependency, {})
                remote = objects.get(product.get("package"), {}).get("isa") == "XCRemoteSwiftPackageReference"
                if product.get("productName") and not remote:
                    target.packages.append(product["productName"].removeprefix("plugin:"))
            for phase_identifier in item.get("buildPhases", []):
                phase = objects.get(phase_identifier, {})
                isa = phase.get("isa")
                if isa not in ("PBXSourcesBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase"):
                    continue
                for build_file_identifier in phase.get("files", []):
                    build_file = objects.get(build_file_identifier, {})
                    allowed = filters_allow_catalyst(build_file)
                    for path, reference in self.reference_paths(build_file.get("fileRef", "")):
                        file_type = reference.get("lastKnownFileType") or reference.get("explicitFileType") or ""
                        if file_type == "folder" or file_type.startswith("folder."):
                            self.folder_references.append(path)  # copied as is: nothing in it is compiled
                            continue
                        self.built[path].add((target, allowed))
            self.read_synchronized(target, item)
            for header in target.included_headers:  # a prefix or bridging header: part of every compile
                self.built[header].add((target, True))
        self.read_orphan_exceptions()
        self.read_embeddings(product_of)

    def setting_path(self, value):
        """A path build setting (GCC_PREFIX_HEADER, SWIFT_OBJC_BRIDGING_HEADER) as an absolute path:
        relative to the project's folder, $(SRCROOT) and its synonyms resolved; None for a path
        that names another variable."""
        value = re.sub(r"\$[({](SRCROOT|PROJECT_DIR|SOURCE_ROOT)[)}]/?", "", value.strip().strip('"'))
        if not value or "$" in value:
            return None
        return os.path.normpath(os.path.join(self.folder, value))

    def read_settings(self, target, item):
        platforms, catalyst, families, notes = set(), False, set(), []
        target.included_headers = set()
        for name, (as_catalyst, as_ios) in self.target_settings(item).items():
            for settings in (as_catalyst, as_ios):
                for key in ("GCC_PREFIX_HEADER", "SWIFT_OBJC_BRIDGING_HEADER"):
                    header = self.setting_path(settings.get(key, ""))
                    if header:
                        target.included_headers.add(header)
            sdk = as_ios.get("SDKROOT", "")
            supported = set(as_ios.get("SUPPORTED_PLATFORMS", "").split())
            if sdk.startswith("iphoneos") or {"iphoneos", "iphonesimulator"} & supported:
                platforms.add("ios")
            if sdk.startswith("macosx") or "macosx" in supported:
                platforms.add("macos")
            if sdk.startswith("watchos") or "watchos" in supported:
                platforms.add("watchos")
            if sdk.startswith("appletvos") or "appletvos" in supported:
                platforms.add("tvos")
            if sdk.startswith("xros") or "xros" in supported:
                platforms.add("xros")
            family = set(re.split(r"[,\s]+", as_ios.get("TARGETED_DEVICE_FAMILY", "").strip('"'))) - {""}
            families |= family
            catalyst_family = set(re.split(r"[,\s]+", as_catalyst.get("TARGETED_DEVICE_FAMILY", "").strip('"'))) - {""}
            if as_catalyst.get("SUPPORTS_MACCATALYST", "NO").upper() == "YES":
                catalyst = True
                notes.append(f"{name}: SUPPORTS_MACCATALYST = YES")
            if "6" in catalyst_family:
                catalyst = True
                notes.append(f"{name}: TARGETED_DEVICE_FAMILY = {as_catalyst.get('TARGETED_DEVICE_FAMILY')}")
        if target.kind == "watch":
            platforms = {"watchos"}
        if not platforms:
            platforms.add("ios")  # no SDKROOT anywhere: Xcode's iOS templates
        target.platforms, target.catalyst, target.family = platforms, catalyst, families
        target.settings_note = "; ".join(dict.fromkeys(notes))

    def synchronized_files(self, group_identifier):
        """The linted files under a synchronized folder, relative to it, minus its explicit folders."""
        group = self.objects.get(group_identifier, {})
        base = self.absolute(group_identifier)
        if not base or not os.path.isdir(base):
            return base, []
        explicit_folders = [folder.strip("/") for folder in group.get("explicitFolders", [])]
        files = []
        for directory, subdirectories, names in os.walk(base):
            relative_directory = os.path.relpath(directory, base)
            kept = []
            for subdirectory in subdirectories:
                relative = os.path.normpath(os.path.join(relative_directory, subdirectory))
                if relative in explicit_folders or subdirectory.endswith((".xcassets", ".lproj.copy")):
                    if relative in explicit_folders:
                        self.folder_references.append(os.path.join(base, relative))
                    continue
                kept.append(subdirectory)
            subdirectories[:] = kept
            for name in names:
                files.append(os.path.normpath(os.path.join(relative_directory, name)))
        return base, files

    def exception_sets(self, group_identifier):
        """{target identifier: ({excluded/added relative paths}, {relative path: catalyst allowed})}."""
        result = {}
        for identifier in self.objects.get(group_identifier, {}).get("exceptions", []):
            exception = self.objects.get(identifier, {})
            if exception.get("isa") != "PBXFileSystemSynchronizedBuildFileExceptionSet":
                continue  # build-phase membership exceptions (headers, copy files) compile nothing
            paths = {path.strip("/") for path in exception.get("membershipExceptions", [])}
            filters = {}
            for path, platforms in exception.get("platformFiltersByRelativePath", {}).items():
                filters[path.strip("/")] = not platforms or "maccatalyst" in platforms
            target = exception.get("target")
            earlier = result.get(target, (set(), {}))
            result[target] = (earlier[0] | paths, {**earlier[1], **filters})
        return result

    @staticmethod
    def under(relative, paths):
        """Whether a path or one of the folders above it is named in `paths`."""
        parts = relative.split(os.sep)
        return any("/".join(parts[:count]) in paths for count in range(1, len(parts) + 1))

    def read_synchronized(self, target, item):
        for group_identifier in item.get("fileSystemSynchronizedGroups", []):
            base, files = self.synchronized_files(group_identifier)
            exceptions, filters = self.exception_sets(group_identifier).get(target.identifier, (set(), {}))
            for relative in files:
                if self.under(relative, exceptions):
                    continue  # the exception takes it out of this target
                allowed = filters.get(relative, True)
                self.built[os.path.join(base, relative)].add((target, allowed))

    def read_orphan_exceptions(self):
        """An exception set for a target that does not list the folder adds those files to it."""
        by_identifier = {target.identifier: target for target in self.targets}
        listing = defaultdict(set)
        for target in self.targets:
            for group in self.objects[target.identifier].get("fileSystemSynchronizedGroups", []):
                listing[group].add(target.identifier)
        for group_identifier, item in self.objects.items():
            if not isinstance(item, dict) or item.get("isa") != "PBXFileSystemSynchronizedRootGroup":
                continue
            sets = self.exception_sets(group_identifier)
            base = self.absolute(group_identifier)
            for target_identifier, (paths, filters) in sets.items():
                target = by_identifier.get(target_identifier)
                if target is None or target_identifier in listing[group_identifier] or not base:
                    continue
                for relative in paths:
                    full = os.path.join(base, relative)
                    if os.path.isdir(full):
                        for directory, _, names in os.walk(full):
                            for name in names:
                                self.built[os.path.join(directory, name)].add((target, True))
                    else:
                        self.built[full].add((target, filters.get(relative, True)))

    def read_embeddings(self, product_of):
        """Marks targets that every embedding or dependency filters away from Mac Catalyst."""
        uses = defaultdict(list)  # target -> [catalyst allowed]
        for target in self.targets:
            item = self.objects[target.identifier]
            for phase_identifier in item.get("buildPhases", []):
                phase = self.objects.get(phase_identifier, {})
                if phase.get("isa") != "PBXCopyFilesBuildPhase":
                    continue
                for build_file_identifier in phase.get("files", []):
                    build_file = self.objects.get(build_file_identifier, {})
                    embedded = product_of.get(build_file.get("fileRef"))
                    if embedded:
                        uses[embedded].append(filters_allow_catalyst(build_file))
            for dependency_identifier in item.get("dependencies", []):
                dependency = self.objects.get(dependency_identifier, {})
                depended = next((t for t in self.targets if t.identifier == dependency.get("target")), None)
                if depended:
                    uses[depended].append(filters_allow_catalyst(dependency))
        for target, allowed in uses.items():
            if allowed and not any(allowed):
                target.mac_filtered_out = True
        # who links or depends on each library: a framework only tests use is part of no app
        self.dependents = defaultdict(set)
        for target in self.targets:
            item = self.objects[target.identifier]
            for dependency_identifier in item.get("dependencies", []):
                dependency = self.objects.get(dependency_identifier, {})
                depended = next((t for t in self.targets if t.identifier == dependency.get("target")), None)
                if depended and filters_allow_catalyst(dependency):
                    self.dependents[depended].add(target)
            for phase_identifier in item.get("buildPhases", []):
                phase = self.objects.get(phase_identifier, {})
                if phase.get("isa") not in ("PBXFrameworksBuildPhase", "PBXCopyFilesBuildPhase"):
                    continue
                for build_file_identifier in phase.get("files", []):
                    build_file = self.objects.get(build_file_identifier, {})
                    linked = product_of.get(build_file.get("fileRef"))
                    if linked and linked is not target and filters_allow_catalyst(build_file):
                        self.dependents[linked].add(target)

    def only_tests_use(self, target):
        """A library whose every dependent in the project is a test target (a test helper framework)."""
        users = getattr(self, "dependents", {}).get(target, set())
        return bool(users) and all(user.kind == "test" for user in users) and any(
            t.kind in ("app", "extension", "app-clip", "watch") for t in self.targets)

    def decide(self):
        """Each target's verdict (see the module's documentation)."""
        ios_catalyst = any(t.catalyst and "ios" in t.platforms for t in self.targets)
        for target in self.targets:
            platforms = target.platforms
            if target.kind == "test":
                target.verdict, target.why = "test", "a test target"
            elif target.kind == "tool":
                target.verdict, target.why = "tool", "a command-line tool"
            elif "ios" not in platforms:
                target.verdict, target.why = "other", f"builds for {', '.join(sorted(platforms))} only"
            elif "macos" in platforms and not target.catalyst:
                target.verdict, target.why = "ios-only", "its Mac build is a native macOS one, not Mac Catalyst"
            elif target.kind in ("library", "bundle") and self.only_tests_use(target):
                target.verdict, target.why = "test", "a library only test targets link or depend on"
            elif target.mac_filtered_out:
                target.verdict, target.why = "ios-only", "embedded or depended on only with a platform filter leaving Mac Catalyst out"
            elif target.catalyst:
                target.verdict, target.why = "mac", target.settings_note
            elif target.kind == "app" and not ios_catalyst and (not target.family or "2" in target.family):
                target.verdict, target.why = "mac", "the app (no target of the project enables Mac Catalyst yet: the corpus premise)"
            elif target.kind in ("library", "bundle"):
                target.verdict = None  # below, once the application targets are decided
            else:
                what = {"extension": "an extension", "app-clip": "an app clip", "app": "an app target"}.get(
                    target.kind, f"a {target.kind} target")
                target.verdict, target.why = "ios-only", f"{what} without Mac Catalyst"
        app_on_mac = any(t.kind == "app" and t.verdict == "mac" for t in self.targets)
        dependents = getattr(self, "dependents", {})
        for _ in range(len(self.targets)):  # libraries that libraries use, in as many rounds as needed
            for target in self.targets:
                users = [u for u in dependents.get(target, ()) if u.verdict is not None]
                has_products = any(t.kind in ("app", "extension", "app-clip", "watch") for t in self.targets)
                only_tests = all(u.verdict == "test" for u in users)
                if target.verdict is None and users and len(users) == len(dependents[target]) and (
                        has_products or not only_tests):  # a library project's own tests say nothing
                    best = min(users, key=lambda u: STRICTNESS[u.verdict])
                    target.verdict, target.why = best.verdict, f"a library used by {best.name} ({best.verdict})"
        for target in self.targets:
            if target.verdict is None:
                if app_on_mac or not any(t.kind == "app" for t in self.targets):
                    target.verdict, target.why = "mac", "a library of the app, which runs in the Mac idiom"
                else:
                    target.verdict, target.why = "ios-only", "a library of apps that do not run on the Mac"


# --- SwiftPM packages -----------------------------------------------------------------------

def balanced(text, start):
    """The text inside the parentheses or brackets opening at `start`, strings skipped."""
    opening = text[start]
    closing = {"(": ")", "[": "]"}[opening]
    depth, index, in_string = 0, start, False
    while index < len(text):
        character = text[index]
        if in_string:
            if character == "\\":
                index += 1
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
        index += 1
    return text[start + 1:]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'//[^\n"]*(?=\n)', "", text)


def string_argument(arguments, label):
    match = re.search(r"\b" + label + r'\s*:\s*"([^"]*)"', arguments)
    return match.group(1) if match else None


def string_list_argument(arguments, label):
    match = re.search(r"\b" + label + r"\s*:\s*\[", arguments)
    if not match:
        return None
    return re.findall(r'"([^"]*)"', balanced(arguments, match.end() - 1))


class PackageTarget:
    def __init__(self, package, name, kind, folder, sources, excludes, dependencies):
        self.package, self.name, self.kind = package, name, kind
        self.folder, self.sources, self.excludes = folder, sources, excludes
        self.dependencies = dependencies  # [(kind, name, package or None, applies on iOS)]
        self.users = set()  # project targets that link it

    @property
    def label(self):
        return f"{os.path.basename(self.package.folder)}/Package.swift:{self.name}"


class Package:
    KINDS = {"target": "library", "executableTarget": "tool", "testTarget": "test", "macro": "tool",
             "plugin": "tool", "systemLibrary": "library"}

    def __init__(self, folder):
        self.folder = folder
        with open(os.path.join(folder, "Package.swift"), encoding="utf-8", errors="replace") as file:
            text = strip_comments(file.read())
        self.targets = {}
        self.products = {}  # product name -> [target names]
        self.path_dependencies = []
        self.names = {}  # identity used by `.product(name:package:)`
        for match in re.finditer(r"\.package\s*\(", text):
            arguments = balanced(text, match.end() - 1)
            path = string_argument(arguments, "path")
            if path:
                self.path_dependencies.append(os.path.normpath(os.path.join(folder, path)))
        arrays = {}  # `let publicTargets = ["A", "B"]`, named in a product's `targets:`
        for match in re.finditer(r"\b(?:let|var)\s+(\w+)\s*(?::\s*\[String\]\s*)?=\s*\[", text):
            arrays[match.group(1)] = re.findall(r'"([^"]*)"', balanced(text, match.end() - 1))
        self.executables = set()
        for match in re.finditer(r"\.(library|executable)\s*\(", text):
            arguments = balanced(text, match.end() - 1)
            name = string_argument(arguments, "name")
            targets = string_list_argument(arguments, "targets")
            if targets is None:
                variable = re.search(r"\btargets\s*:\s*(\w+)", arguments)
                targets = arrays.get(variable.group(1), []) if variable else []
            if name and match.group(1) == "library":
                self.products[name] = targets
            elif name:
                self.executables.update(targets)
        for match in re.finditer(r"\.(target|executableTarget|testTarget|macro|plugin|systemLibrary)\s*\(", text):
            arguments = balanced(text, match.end() - 1)
            name = string_argument(arguments, "name")
            if not name or name in self.targets:
                continue
            kind = self.KINDS[match.group(1)]
            path = string_argument(arguments, "path")
            if path is None:
                roots = ["Tests"] if kind == "test" else ["Sources", "Source", "src", "srcs"]
                if match.group(1) == "plugin":
                    roots = ["Plugins"]
                path = next((os.path.join(root, name) for root in roots
                             if os.path.isdir(os.path.join(folder, root, name))), os.path.join(roots[0], name))
            target_folder = os.path.normpath(os.path.join(folder, path))
            sources = string_list_argument(arguments, "sources")
            excludes = string_list_argument(arguments, "exclude") or []
            self.targets[name] = PackageTarget(self, name, kind, target_folder, sources, excludes,
                                               self.read_dependencies(arguments))
        for name in self.executables:
            if name in self.targets:
                self.targets[name].kind = "tool"

    @staticmethod
    def read_dependencies(arguments):
        match = re.search(r"\bdependencies\s*:\s*\[", arguments)
        if not match:
            return []
        text = balanced(arguments, match.end() - 1)
        dependencies = []
        position = 0
        while position < len(text):
            rest = text[position:]
            call = re.match(r'\s*,?\s*\.(product|target|byName)\s*\(', rest)
            plain = re.match(r'\s*,?\s*"([^"]*)"', rest)
            if call:
                start = position + call.end() - 1
                inner = balanced(text, start)
                condition = re.search(r"platforms\s*:\s*\[([^\]]*)\]", inner)
                applies = True
                if condition:
                    platforms = condition.group(1)
                    applies = ".iOS" in platforms or ".macCatalyst" in platforms
                dependencies.append((call.group(1), string_argument(inner, "name"), string_argument(inner, "package"),
                                     applies))
                position = start + len(inner) + 2
            elif plain:
                dependencies.append(("byName", plain.group(1), None, True))
                position += plain.end()
            else:
                position += 1
        return dependencies

    def files_of(self, target):
        """Absolute paths of the files a package target builds."""
        if not os.path.isdir(target.folder):
            return []
        roots = [os.path.join(target.folder, s) for s in target.sources] if target.sources is not None else [target.folder]
        excluded = [os.path.normpath(os.path.join(target.folder, e)) for e in target.excludes]
        files = []
        for root in roots:
            if os.path.isfile(root):
                files.append(os.path.normpath(root))
                continue
            for directory, subdirectories, names in os.walk(root):
                subdirectories[:] = [d for d in subdirectories if os.path.normpath(os.path.join(directory, d)) not in excluded]
                for name in names:
                    full = os.path.normpath(os.path.join(directory, name))
                    if full not in excluded:
                        files.append(full)
        return files


# --- XcodeGen -------------------------------------------------------------------------------

class XcodeGenProject:
    """A project.yml with no readable .xcodeproj beside it: targets, sources, type, platform."""

    def __init__(self, path):
        import yaml  # only needed for XcodeGen projects
        self.path = path
        self.folder = os.path.dirname(path)
        self.name = os.path.basename(path)
        with open(path, encoding="utf-8") as file:
            self.spec = yaml.safe_load(file) or {}
        self.targets = []
        self.built = defaultdict(set)
        self.folder_references = []
        self.package_folders = [os.path.normpath(os.path.join(self.folder, p["path"]))
                                for p in (self.spec.get("packages") or {}).values() if isinstance(p, dict) and "path" in p]
        for name, spec in (self.spec.get("targets") or {}).items():
            spec = spec or {}
            product = spec.get("type", "application")
            kind = {"application": "app", "app-extension": "extension", "framework": "library",
                    "library.static": "library", "library.dynamic": "library", "bundle.unit-test": "test",
                    "bundle.ui-testing": "test", "tool": "tool", "bundle": "bundle",
                    "application.on-demand-install-capable": "app-clip"}.get(product, "other")
            if product.startswith(("watchkit", "application.watchapp")):
                kind = "watch"
            target = Target(self, name, name, kind, product)
            platform = spec.get("platform", "iOS")
            platform_names = platform if isinstance(platform, list) else [platform]
            target.platforms = {{"iOS": "ios", "macOS": "macos", "watchOS": "watchos", "tvOS": "tvos",
                                 "visionOS": "xros", "auto": "ios"}.get(p, "ios") for p in platform_names}
            destinations = spec.get("supportedDestinations") or []
            settings = spec.get("settings") or {}
            base = settings.get("base", settings) if isinstance(settings, dict) else {}
            target.catalyst = ("macCatalyst" in destinations or str(base.get("SUPPORTS_MACCATALYST", "")).upper() == "YES"
                               or "6" in str(base.get("TARGETED_DEVICE_FAMILY", "")))
            target.family = set(str(base.get("TARGETED_DEVICE_FAMILY", "1,2")).split(","))
            target.settings_note = "supportedDestinations/settings"
            target.packages = [d.get("product") or d.get("package") for d in spec.get("dependencies") or []
                               if isinstance(d, dict) and "package" in d]
            self.targets.append(target)
            for source in spec.get("sources") or []:
                source = {"path": source} if isinstance(source, str) else source
                root = os.path.normpath(os.path.join(self.folder, source.get("path", "")))
                excludes = source.get("excludes") or []
                if source.get("type") == "folder":
                    self.folder_references.append(root)
                    continue
                candidates = [root] if os.path.isfile(root) else [
                    os.path.join(d, n) for d, _, ns in os.walk(root) for n in ns]
                for full in candidates:
                    relative = os.path.relpath(full, root)
                    if any(fnmatch.fnmatch(relative, e) or relative.startswith(e.rstrip("/*") + "/") for e in excludes):
                        continue
                    self.built[os.path.normpath(full)].add((target, True))

    decide = Project.decide


# --- One app --------------------------------------------------------------------------------

class App:
    def __init__(self, folder):
        self.folder = os.path.abspath(folder)
        self.projects = []
        self.errors = []
        self.packages = {}
        bundles, specs = [], []
        for directory, subdirectories, names in os.walk(self.folder):
            subdirectories.sort()
            for subdirectory in subdirectories:
                if subdirectory.endswith(".xcodeproj"):
                    bundles.append(os.path.join(directory, subdirectory, "project.pbxproj"))
            if "project.yml" in names or "project.yaml" in names:
                specs.append(os.path.join(directory, "project.yml" if "project.yml" in names else "project.yaml"))
            if "Package.swift" in names:
                try:
                    self.packages[directory] = Package(directory)
                except OSError as error:
                    self.errors.append(f"{directory}/Package.swift: {error}")
            subdirectories[:] = [d for d in subdirectories if not d.endswith((".xcodeproj", ".xcworkspace"))]
        for path in bundles:
            if not os.path.isfile(path):
                continue
            try:
                self.projects.append(Project(self.folder, path))
            except (PlistError, KeyError, IndexError) as error:
                self.errors.append(f"{os.path.relpath(path, self.folder)}: unreadable ({error})")
        xcodeproj_folders = {project.folder for project in self.projects}
        for path in specs:
            if os.path.dirname(path) in xcodeproj_folders:
                continue  # the generator of a project that is there and readable
            try:
                self.projects.append(XcodeGenProject(path))
            except Exception as error:  # noqa: BLE001  (a spec we cannot read decides nothing)
                self.errors.append(f"{os.path.relpath(path, self.folder)}: unreadable ({error})")
        for project in self.projects:
            project.decide()
        self.link_packages()

    def link_packages(self):
        """Which project targets build each target of the local packages the projects refer to."""
        referenced = set()
        pending = [folder for project in self.projects for folder in project.package_folders]
        while pending:
            folder = pending.pop()
            if folder in referenced or folder not in self.packages:
                continue
            referenced.add(folder)
            pending += self.packages[folder].path_dependencies
        # a product linked by name with no remote package behind it comes from a local package
        linked = {product for project in self.projects for target in project.targets for product in target.packages}
        for folder, package in self.packages.items():
            if folder not in referenced and linked & set(package.products):
                pending = [folder]
                while pending:
                    current = pending.pop()
                    if current in referenced or current not in self.packages:
                        continue
                    referenced.add(current)
                    pending += self.packages[current].path_dependencies
        self.referenced_packages = referenced
        packages = [self.packages[folder] for folder in sorted(referenced)]
        by_product = defaultdict(list)
        by_target_name = defaultdict(list)
        for package in packages:
            for product, names in package.products.items():
                by_product[product].append((package, names))
            for name, target in package.targets.items():
                by_target_name[name].append(target)

        def reach(package_target, user, seen):
            if (package_target, user) in seen:
                return
            seen.add((package_target, user))
            package_target.users.add(user)
            for kind, name, package_name, applies in package_target.dependencies:
                if not applies or not name:
                    continue
                own = package_target.package.targets.get(name)
                if kind in ("target", "byName") and own:
                    reach(own, user, seen)
                    continue
                for package, names in by_product.get(name, []):
                    if package is package_target.package and kind == "product":
                        continue
                    for target_name in names:
                        if target_name in package.targets:
                            reach(package.targets[target_name], user, seen)

        seen = set()
        for project in self.projects:
            for target in project.targets:
                for product in target.packages:
                    for package, names in by_product.get(product, []):
                        for name in names:
                            if name in package.targets:
                                reach(package.targets[name], target, seen)
        # test targets reach what they test through their own dependencies
        for package in packages:
            for target in package.targets.values():
                if target.kind in ("test", "tool"):
                    reach(target, None, seen)

    def add_imported_headers(self, built):
        _add_imported_headers(self, built)

    def files(self):
        """{relative path: (verdict, [(label, verdict, note)])} for every linted file under the folder."""
        built = defaultdict(set)  # absolute path -> {(label, verdict, note)}
        folder_references = []
        for project in self.projects:
            folder_references += project.folder_references
            for path, entries in project.built.items():
                for target, allowed in entries:
                    verdict = target.verdict
                    note = target.why
                    if verdict == "mac" and not allowed:
                        verdict, note = "ios-only", "the build file's platform filter leaves Mac Catalyst out"
                    built[path].add((target.label, verdict, note))
        for folder in self.referenced_packages:
            package = self.packages[folder]
            for target in package.targets.values():
                for path in package.files_of(target):
                    if target.kind in ("test", "tool"):
                        kind = "test" if target.kind == "test" else "tool"
                        built[path].add((target.label, kind, f"a SwiftPM {target.kind} target"))
                    for user in target.users:
                        if user is None:
                            continue
                        built[path].add((target.label, user.verdict, f"linked by {user.label} ({user.why})"))
        # Xcode builds on a case-insensitive file system (macOS's default): a reference whose case
        # differs from the file's (`UIDevice+DeviceInfo.m` for `UIDevice+deviceInfo.m`) still builds it.
        folded = defaultdict(set)
        for path, entries in built.items():
            folded[path.lower()] |= entries
        for directory, _, names in os.walk(self.folder):
            for name in names:
                full = os.path.normpath(os.path.join(directory, name))
                if full not in built and full.lower() in folded:
                    built[full] = set(folded[full.lower()])
        self.add_imported_headers(built)
        result = {}
        for directory, subdirectories, names in os.walk(self.folder):
            subdirectories[:] = sorted(d for d in subdirectories if not d.endswith((".xcodeproj", ".xcworkspace")))
            for name in sorted(names):
                if not name.endswith(LINTED) or name == "Package.swift" and directory in self.packages:
                    continue
                full = os.path.join(directory, name)
                relative = os.path.relpath(full, self.folder)
                entries = sorted(built.get(os.path.normpath(full), set()))
                if entries:
                    verdict = min((entry[1] for entry in entries), key=STRICTNESS.get)
                else:
                    verdict = "unbuilt"
                    inside = next((f for f in folder_references if full.startswith(f + os.sep)), None)
                    package = next((f for f in self.packages if full.startswith(f + os.sep)), None)
                    if inside:
                        entries = [("-", "unbuilt", f"inside the folder reference {os.path.relpath(inside, self.folder)}, copied as is")]
                    elif package and package not in self.referenced_packages:
                        entries = [("-", "unbuilt", f"in the package {os.path.relpath(package, self.folder)}, which no project refers to")]
                    elif package:
                        entries = [("-", "unbuilt", f"in the package {os.path.relpath(package, self.folder)}, in none of its linked targets")]
                    elif not self.projects:
                        entries = [("-", "unbuilt", "no project in the folder")]
                    elif name.endswith((".h", ".pch")):
                        entries = [("-", "unbuilt", "a header no built file imports")]
                    else:
                        entries = [("-", "unbuilt", "no target compiles or copies it")]
                result[relative] = (verdict, entries)
        # Package.swift manifests are built by SwiftPM for the host, never in the app
        for folder in self.packages:
            relative = os.path.relpath(os.path.join(folder, "Package.swift"), self.folder)
            result[relative] = ("tool", [("-", "tool", "a package manifest, built for the host by SwiftPM")])
        return result


IMPORT = re.compile(r'^\s*#\s*(?:import|include|include_next)\s*([<"])([^>"]+)[>"]', re.M)


def imports_of(path):
    """The `#import`/`#include` names of a C-family file, with whether each is quoted."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
    except OSError:
        return []
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)  # an import inside a block comment is none
    return [(quote == '"', name.strip()) for quote, name in IMPORT.findall(text)]


def _add_imported_headers(app, built):
    """Headers are not compiled on their own: a header takes the verdicts of the built files that
    import it (`#import`/`#include`, through other headers too), besides any a Headers build phase,
    a prefix header (GCC_PREFIX_HEADER) or a bridging header (SWIFT_OBJC_BRIDGING_HEADER) gives it.
    An import names a file: a quoted name is looked up beside the importer first; otherwise, and for
    `<Framework/Name.h>`, every header of the app whose path ends with that name (or, failing that,
    whose file name is the same) is taken, the strictest verdict winning as for any file. A header
    that no built file imports is `unbuilt`."""
    headers = defaultdict(list)  # file name -> absolute paths of the app's headers and sources
    sources = []
    for directory, subdirectories, names in os.walk(app.folder):
        subdirectories[:] = sorted(d for d in subdirectories if not d.endswith((".xcodeproj", ".xcworkspace")))
        for name in sorted(names):
            if name.endswith((".h", ".pch", ".m", ".mm", ".c", ".cpp", ".inc", ".hpp")):
                full = os.path.normpath(os.path.join(directory, name))
                headers[name].append(full)
                sources.append(full)

    folded_headers = defaultdict(list)  # the same, by lower-cased name (macOS finds `Foo.h` for `foo.h`)
    for name, paths in headers.items():
        folded_headers[name.lower()] += paths

    def resolve(importer, quoted, name):
        if quoted:
            beside = os.path.normpath(os.path.join(os.path.dirname(importer), name))
            if os.path.isfile(beside):
                return [beside]
        candidates = headers.get(os.path.basename(name)) or folded_headers.get(os.path.basename(name).lower(), [])
        suffix = [path for path in candidates if path.lower().endswith((os.sep + name).lower())]
        return suffix or candidates

    graph = {}
    for path in sources:
        graph[path] = sorted({target for quoted, name in imports_of(path) for target in resolve(path, quoted, name)
                              if target != path})
    # Breadth first from the files the targets build, in a fixed order, so that each header's note
    # names the nearest importer.
    queue = sorted(path for path in built if path in graph)
    seen_labels = {path: {label for label, _, _ in built[path]} for path in queue}
    position = 0
    while position < len(queue):
        importer = queue[position]
        position += 1
        relative = os.path.relpath(importer, app.folder)
        for header in graph.get(importer, []):
            added = False
            for label, verdict, note in sorted(built[importer]):
                if label in seen_labels.setdefault(header, {l for l, _, _ in built.get(header, ())}):
                    continue
                seen_labels[header].add(label)
                built[header].add((label, verdict, f"a header imported by {relative}"))
                added = True
            if added:
                queue.append(header)


def reason(verdict, entries):
    """The words a label's reason starts with, for a file of this verdict."""
    names = ", ".join(sorted({label for label, _, _ in entries if label != "-"})) or ""
    if verdict == "unbuilt":
        return "not built: " + entries[0][2]
    if verdict == "test":
        return f"not built: compiled only by the test target {names}"
    if verdict == "tool":
        return f"not built: compiled only by {names or 'SwiftPM'} ({entries[0][2]}), not part of the app"
    if verdict == "other":
        return f"not in the Mac idiom: built only by {names} ({entries[0][2]})"
    if verdict == "ios-only":
        return f"not in the Mac idiom: built only by {names} ({entries[0][2]})"
    return ""


FIXTURE_CLASSIC = """// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 54;
	objects = {
		B1 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* App.swift */; };
		B2 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
		B3 /* Share.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3 /* Share.swift */; };
		B4 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F4; };
		B5 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F4; };
		B6 /* Scripts in Resources */ = {isa = PBXBuildFile; fileRef = F6; };
		B7 /* IOSOnly.swift in Sources */ = {isa = PBXBuildFile; fileRef = F7; platformFilter = ios; };
		B8 /* Test.swift in Sources */ = {isa = PBXBuildFile; fileRef = F8; };
		B9 /* Legacy.m in Sources */ = {isa = PBXBuildFile; fileRef = F9; };
		BA /* Helper.m in Sources */ = {isa = PBXBuildFile; fileRef = FA; };
		BB /* Mixed.m in Sources */ = {isa = PBXBuildFile; fileRef = FB; };
		F1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
		F2 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
		F3 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Share.swift; sourceTree = "<group>"; };
		F4 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Common/Shared.swift; sourceTree = SOURCE_ROOT; };
		F5 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Orphan.swift; sourceTree = "<group>"; };
		F6 = {isa = PBXFileReference; lastKnownFileType = folder; path = Scripts; sourceTree = "<group>"; };
		F7 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = IOSOnly.swift; sourceTree = "<group>"; };
		F8 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Test.swift; sourceTree = "<group>"; };
		F9 = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = Legacy.m; sourceTree = "<group>"; };
		FA = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = Helper.m; sourceTree = "<group>"; };
		FB = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = Mixed.m; sourceTree = "<group>"; };
		V1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F2); name = Main.storyboard; sourceTree = "<group>"; };
		G0 = {isa = PBXGroup; children = (G1, G2, G3, F4, F6); sourceTree = "<group>"; };
		G1 = {isa = PBXGroup; children = (F1, V1, F5, F7, F9, FB); path = App; sourceTree = "<group>"; };
		G2 = {isa = PBXGroup; children = (F3); name = "Share Extension"; path = "Share Extension"; sourceTree = "<group>"; };
		G3 = {isa = PBXGroup; children = (F8, FA); path = Tests; sourceTree = "<group>"; };
		P1 = {isa = PBXSourcesBuildPhase; files = (B1, B4, B7, B9, BB); };
		P2 = {isa = PBXResourcesBuildPhase; files = (B2, B6); };
		P3 = {isa = PBXSourcesBuildPhase; files = (B3, B5); };
		P4 = {isa = PBXSourcesBuildPhase; files = (B8, BA); };
		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1, P2); name = App; productType = "com.apple.product-type.application"; };
		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P3); name = Share; productType = "com.apple.product-type.app-extension"; };
		T3 = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (P4); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
		C0 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
		C1 = {isa = XCBuildConfiguration; buildSettings = {GCC_PREFIX_HEADER = "$(SRCROOT)/App/Prefix.pch"; SUPPORTS_MACCATALYST = YES; TARGETED_DEVICE_FAMILY = "1,2,6"; }; name = Release; };
		C2 = {isa = XCBuildConfiguration; buildSettings = {TARGETED_DEVICE_FAMILY = "1,2"; }; name = Release; };
		C3 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
		L0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
		L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
		L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
		L3 = {isa = XCConfigurationList; buildConfigurations = (C3); };
		R0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2, T3); };
	};
	rootObject = R0;
}
"""

FIXTURE_SYNCHRONIZED = """// !$*UTF8*$!
{
	objectVersion = 77;
	objects = {
		S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2); explicitFolders = (Legacy); path = App; sourceTree = "<group>"; };
		S2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Watch; sourceTree = "<group>"; };
		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Old.swift, Debug); target = T1; };
		E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Shared/Model.swift); target = T2; };
		G0 = {isa = PBXGroup; children = (S1, S2); sourceTree = "<group>"; };
		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (S1); name = App; productType = "com.apple.product-type.application"; };
		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); fileSystemSynchronizedGroups = (S2); name = Watch; productType = "com.apple.product-type.application"; };
		C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; }; name = Release; };
		C2 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = watchos; }; name = Release; };
		L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
		L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
		R0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
	};
	rootObject = R0;
}
"""


def self_test():
    """Two small projects written here, in the classic and the synchronized form, and what each file must be."""
    import tempfile
    failures = 0

    def write(root, relative, text=""):
        path = os.path.join(root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)

    def check(root, expected):
        nonlocal failures
        files = App(root).files()
        for path, verdict in expected.items():
            got = files.get(path, ("(not listed)", []))[0]
            if got != verdict:
                failures += 1
                print(f"self-test: {os.path.basename(root)}/{path}: {got}, expected {verdict}", file=sys.stderr)

    with tempfile.TemporaryDirectory() as root:
        classic = os.path.join(root, "classic")
        write(classic, "Classic.xcodeproj/project.pbxproj", FIXTURE_CLASSIC)
        for path in ("App/App.swift", "App/Base.lproj/Main.storyboard", "App/Orphan.swift", "App/IOSOnly.swift",
                     "Share Extension/Share.swift", "Common/Shared.swift", "Scripts/Old.swift", "Tests/Test.swift",
                     "Loose.xib", "App/Unused.h", "App/Orphan.m", "App/Prefix.pch", "App/mixed.m"):
            write(classic, path)
        # Objective-C: a header takes the verdicts of the built files that import it, through other headers
        write(classic, "App/Legacy.m", '#import "Legacy.h"\n#import <UIKit/UIKit.h>\n/* #import "Unused.h" */\n')
        write(classic, "App/Legacy.h", '#include "Kit/Util.h"\n')
        write(classic, "Common/Kit/Util.h", "")
        write(classic, "Tests/Helper.m", '#import "Helper.h"\n#import <App/Legacy.h>\n')
        write(classic, "Tests/Helper.h", "")
        check(classic, {"App/App.swift": "mac", "App/Base.lproj/Main.storyboard": "mac", "App/Orphan.swift": "unbuilt",
                         "App/IOSOnly.swift": "ios-only", "Share Extension/Share.swift": "ios-only",
                         "Common/Shared.swift": "mac", "Scripts/Old.swift": "unbuilt", "Tests/Test.swift": "test",
                         "Loose.xib": "unbuilt", "App/Legacy.m": "mac", "App/Legacy.h": "mac",
                         "Common/Kit/Util.h": "mac", "App/Unused.h": "unbuilt", "App/Orphan.m": "unbuilt",
                         "App/Prefix.pch": "mac", "Tests/Helper.m": "test", "Tests/Helper.h": "test",
                         "App/mixed.m": "mac"})  # the project says Mixed.m: macOS finds it all the same
        synchronized = os.path.join(root, "synchronized")
        write(synchronized, "Sync.xcodeproj/project.pbxproj", FIXTURE_SYNCHRONIZED)
        for path in ("App/Main.swift", "App/Old.swift", "App/Debug/Tool.swift", "App/Legacy/Gone.swift",
                     "App/Shared/Model.swift", "App/View.xib", "Watch/Face.swift"):
            write(synchronized, path)
        check(synchronized, {"App/Main.swift": "mac", "App/Old.swift": "unbuilt", "App/Debug/Tool.swift": "unbuilt",
                             "App/Legacy/Gone.swift": "unbuilt", "App/Shared/Model.swift": "mac", "App/View.xib": "mac",
                             "Watch/Face.swift": "other"})
        package = os.path.join(root, "package")
        write(package, "App.xcodeproj/project.pbxproj", FIXTURE_CLASSIC.replace(
            "targets = (T1, T2, T3); };", "targets = (T1, T2, T3); packageReferences = (K1); };").replace(
            "T1 = {isa = PBXNativeTarget;", "K1 = {isa = XCLocalSwiftPackageReference; relativePath = Kit; };\n"
            "\t\tD1 = {isa = XCSwiftPackageProductDependency; productName = Kit; };\n"
            "\t\tT1 = {isa = PBXNativeTarget; packageProductDependencies = (D1);"))
        write(package, "Kit/Package.swift", 'let package = Package(name: "Kit", products: [.library(name: "Kit", '
              'targets: ["Kit"])], targets: [.target(name: "Kit", dependencies: ["Core"]), .target(name: "Core"), '
              '.target(name: "Unused"), .executableTarget(name: "Gen"), .testTarget(name: "KitTests")])')
        for path in ("Kit/Sources/Kit/Kit.swift", "Kit/Sources/Core/Core.swift", "Kit/Sources/Unused/Unused.swift",
                     "Kit/Sources/Gen/main.swift", "Kit/Tests/KitTests/KitTests.swift"):
            write(package, path)
        check(package, {"Kit/Sources/Kit/Kit.swift": "mac", "Kit/Sources/Core/Core.swift": "mac",
                        "Kit/Sources/Unused/Unused.swift": "unbuilt", "Kit/Sources/Gen/main.swift": "tool",
                        "Kit/Tests/KitTests/KitTests.swift": "test", "Kit/Package.swift": "tool"})
    print(f"self-test: {'ok' if not failures else f'{failures} failed'}", file=sys.stderr)
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description="Which targets build each file, and in which idiom they run.")
    parser.add_argument("folders", nargs="*", metavar="FOLDER")
    parser.add_argument("--targets", action="store_true", help="list the targets and their verdicts")
    parser.add_argument("--csv", action="store_true", help="one CSV row per file")
    parser.add_argument("--only", help="list only files with these verdicts (comma-separated)")
    parser.add_argument("--self-test", action="store_true", help="check the reader on small projects written here")
    options = parser.parse_args()
    if options.self_test:
        sys.exit(self_test())
    if options.folders:
        folders = options.folders
    else:  # every app of apps.csv that extract.sh has extracted
        with open(os.path.join(HERE, "apps.csv"), newline="", encoding="utf-8") as file:
            names = [row["name"] for row in csv.DictReader(file) if row.get("name")]
        folders = [os.path.join(ROOT, ".corpus", name) for name in names
                   if os.path.isdir(os.path.join(ROOT, ".corpus", name))]
    only = set(options.only.split(",")) if options.only else None
    writer = csv.writer(sys.stdout, lineterminator="\n") if options.csv else None
    if writer:
        writer.writerow(["app", "path", "verdict", "targets", "reason"])
    for folder in folders:
        app = App(folder)
        name = os.path.basename(os.path.abspath(folder))
        for error in app.errors:
            print(f"membership: {name}: {error}", file=sys.stderr)
        if options.targets and not writer:
            print(f"== {name}")
            for project in app.projects:
                for target in project.targets:
                    print(f"  {target.label:<60} {target.kind:<9} {','.join(sorted(target.platforms)):<18} "
                          f"{target.verdict:<8} {target.why}")
            for folder_path in sorted(app.referenced_packages):
                package = app.packages[folder_path]
                for target in package.targets.values():
                    users = ", ".join(sorted(f"{u.label}={u.verdict}" for u in target.users if u)) or "-"
                    print(f"  {os.path.relpath(folder_path, app.folder)}:{target.name:<40} {target.kind:<9} used by {users}")
        files = app.files()
        counts = defaultdict(int)
        for relative, (verdict, entries) in sorted(files.items()):
            counts[verdict] += 1
            if only and verdict not in only:
                continue
            if writer:
                writer.writerow([name, relative, verdict, ";".join(f"{label}={v}" for label, v, _ in entries),
                                 reason(verdict, entries)])
            elif not options.targets or only:
                print(f"{name}/{relative}: {verdict}: " + "; ".join(f"{label} ({v}: {note})" for label, v, note in entries))
        if not writer:
            print(f"{name}: " + ", ".join(f"{verdict} {counts[verdict]}" for verdict in VERDICTS), file=sys.stderr)


if __name__ == "__main__":
    main()
