#!/usr/bin/env python3
"""Lists the sites of an extracted app that a labeller should look at, rule by rule.

Swift, interface and Interface Builder files are searched as before; Objective-C files (.m, .mm,
.h, .pch) with the Objective-C spellings of every rule (selectors, constants, macros, helpers and
`#if TARGET_OS_*` branches in the context column).

A labelling aid, not a linter: it searches the app's files with regular expressions, casting a
wide net (mentions, look-alikes, comments), and merges in every finding a catalint binary reports
there, so that nothing catalint says is missed. The rows go to .corpus/candidates/<name>.csv
(git-ignored), sorted by path and line, with the columns of labels.csv first:

  repo,commit,path,line,rule,expected,reason,found_by,context,catalint,source

`expected` and `reason` are left empty for the labeller; `found_by` says which searches matched,
`context` the file's membership verdict when the app does not build it for the Mac idiom
(membership.py), the enclosing `#if` conditions and hints (comment, IB parent element), `catalint` the
message catalint reports there (empty when it reports nothing), `source` the trimmed line.

Usage: scripts/corpus/candidates.py [NAME ...] [--catalint PATH ... | --no-catalint]
       (default: every app in apps.csv, and the binary .build/release/catalint if it exists)

Give it the catalint binaries being measured (--catalint is repeatable; found_by names each one as
`catalint:<file name>`). Rows that only catalint found are counted in the third figure printed:
they point at sites the searches here do not cover.
"""
import argparse
import csv
import fnmatch
import os
import re
import sys
import xml.parsers.expat
from collections import Counter
from types import SimpleNamespace

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import membership  # noqa: E402  (which targets build each file)
import score  # noqa: E402  (the runner and apps.csv reader are shared with score.py)

HERE = score.HERE
ROOT = score.ROOT
RULES = ["unavailable-control", "button-non-normal-state", "slider-custom-appearance",
         "hard-coded-size", "idiom-layout-decision", "date-picker-wheels", "button-gesture-recognizer",
         "switch-title", "missing-popover-anchor", "main-screen-layout", "unchecked-camera",
         "pushed-split-view", "private-mac-idiom-api", "fixed-font-size"]

# --- What to look for (from LABELING.md) ----------------------------------------------------

UNAVAILABLE = ("UIStepper", "UIPageControl", "UIRefreshControl")
UNAVAILABLE_WORD = re.compile(r"\b(UIStepper|UIPageControl|UIRefreshControl)\b")
CLASS_DECLARATION = re.compile(r"\bclass\s+(\w+)\s*(?:<[^>]*>)?\s*:\s*([\w.]+)")
BUTTON_SETTER = re.compile(r"\bset(Title|AttributedTitle|Image|BackgroundImage|TitleColor|TitleShadowColor)\s*\(")
SLIDER_SETTER = re.compile(r"\b(setThumbImage|setMinimumTrackImage|setMaximumTrackImage)\s*\(")
SLIDER_PROPERTY = re.compile(
    r"\b(thumbTintColor|minimumTrackTintColor|maximumTrackTintColor|minimumValueImage|maximumValueImage)\b")
SLIDER_IB_ATTRIBUTES = ("minValueImage", "maxValueImage", "minimumValueImage", "maximumValueImage", "thumbImage")
SLIDER_KEYS = {"thumbTintColor", "minimumTrackTintColor", "maximumTrackTintColor", "minimumValueImage",
               "maximumValueImage", "thumbImage", "minimumTrackImage", "maximumTrackImage"}

IDIOM = re.compile(r"\b(userInterfaceIdiom|UI_USER_INTERFACE_IDIOM)\b")
IDIOM_WORD = re.compile(r"[Ii]diom")
PAD_OR_PHONE = re.compile(r"\.(pad|phone)\b")
IDIOM_COMPARISON = re.compile(
    r"(userInterfaceIdiom|UI_USER_INTERFACE_IDIOM\s*\(\s*\)|\bidiom)\s*[=!]=\s*(UIUserInterfaceIdiom)?\.(pad|phone)\b"
    r"|\.(pad|phone)\s*[=!]=\s*[\w.]*(userInterfaceIdiom|UI_USER_INTERFACE_IDIOM|idiom)")
DECLARATION = re.compile(r"\b(?:var|let|func)\s+(\w+)")
BOOL_DECLARATION = re.compile(r"\b(?:var|let)\s+(\w+)\s*:\s*Bool\b|\bfunc\s+(\w+)\s*\([^)]*\)\s*->\s*Bool\b")
NEAR = 5  # lines either side for ".pad near an idiom", and back from a comparison to its declaration

IPAD_POINTS = {768, 810, 820, 834, 1024, 1080, 1112, 1180, 1194, 1366}
IPHONE_POINTS = {320, 375, 390, 393, 414, 428, 430, 568, 667, 736, 812, 844, 852, 896, 926, 932}
PIXELS = {960, 1136, 1334, 1792, 1920, 2208, 2436, 2532, 2556, 2688, 2778, 2796, 2048, 2160, 2224, 2360,
          2388, 2732}
DIMENSIONS = IPAD_POINTS | IPHONE_POINTS | PIXELS
NUMBER = re.compile(r"(?<![\w.])(\d{3,4})(?:\.0+)?(?![\w.])")
SIZE_WORDS = re.compile(r"CGRect|CGSize|frame|width|height|size|constant|bounds|nativeBounds|\bcase\b",
                        re.IGNORECASE)
SCREEN_MAIN = re.compile(r"\bUIScreen\.main\b")
IB_SIZE_ATTRIBUTES = ("width", "height", "constant")


NEWER_RULES = [(rule, re.compile(pattern)) for rule, pattern in [
    ("date-picker-wheels", r"\b(preferredDatePickerStyle|datePickerMode)\b"),
    ("button-gesture-recognizer", r"\b(addGestureRecognizer|gestureRecognizers)\b"),
    ("switch-title", r"\.title\s*=(?!=)"),
    ("missing-popover-anchor", r"\bpresent\s*\("),
    ("main-screen-layout", r"\bUIScreen\.main\b"),
    ("unchecked-camera", r"\bsourceType\s*=(?!=)"),
    ("pushed-split-view", r"\b(pushViewController|rootViewController\s*:)"),
    ("private-mac-idiom-api", r"AllowsUnsupportedMacIdiomBehavior"),
    ("fixed-font-size", r"\b(systemFont|boldSystemFont|italicSystemFont|monospacedSystemFont|monospacedDigitSystemFont)\s*\(\s*ofSize|\bUIFont\s*\(\s*name|\.system\s*\(\s*size"),
]]


class Candidates:
    """Rows keyed by (path, line, rule); each remembers every search that found it."""

    def __init__(self):
        self.rows = {}

    def add(self, path, line, rule, found_by, source, context=""):
        row = self.rows.setdefault((path, line, rule), {"found_by": [], "context": context, "catalint": "",
                                                        "source": source.strip()[:300]})
        if found_by not in row["found_by"]:
            row["found_by"].append(found_by)
        if context and not row["context"]:
            row["context"] = context


# --- Swift and YAML interface files ---------------------------------------------------------

def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read().split("\n")


def conditions(lines):
    """For each line, the `#if` branches around it, e.g. `#else of targetEnvironment(macCatalyst)`."""
    stack, result = [], []
    for text in lines:
        stripped = text.strip()
        if stripped.startswith("#if "):
            stack.append(("#if", stripped[4:].strip()))
        elif stripped.startswith("#elseif ") and stack:
            stack[-1] = ("#elseif", stripped[8:].strip())
        elif stripped.startswith("#else") and stack:
            stack[-1] = ("#else of", stack[-1][1])
        elif stripped.startswith("#endif") and stack:
            stack.pop()
        result.append(" > ".join(f"{kind} {condition}" for kind, condition in stack))
    return result


def hints(text, position, condition):
    """The context column: #if conditions, and whether the match sits in a comment."""
    parts = [condition] if condition else []
    before = text[:position]
    if "//" in before or text.lstrip().startswith(("*", "/*")):
        parts.append("comment")
    elif before.count('"') % 2 == 1:
        parts.append("string")
    return "; ".join(parts)


def call_arguments(lines, index, start):
    """The text of a call's parentheses from `start` (just past the `(`), up to 10 lines."""
    depth, pieces = 1, []
    for number in range(index, min(index + 10, len(lines))):
        text = lines[number][start:] if number == index else lines[number]
        for offset, character in enumerate(text):
            if character in "([{":
                depth += 1
            elif character in ")]}":
                depth -= 1
                if depth == 0:
                    pieces.append(text[:offset])
                    return " ".join(pieces)
        pieces.append(text)
    return " ".join(pieces)


def unavailable_subclasses(files):
    """Names of classes that inherit, directly or not, from the unavailable controls."""
    superclass = {}
    for path, lines in files.items():
        for text in lines:
            for match in CLASS_DECLARATION.finditer(text):
                superclass[match.group(1)] = match.group(2).split(".")[-1]
    found = set()
    changed = True
    while changed:
        changed = False
        for name, parent in superclass.items():
            if name not in found and (parent in UNAVAILABLE or parent in found):
                found.add(name)
                changed = True
    return found


def idiom_helpers(files):
    """Bool helpers whose declaration compares the idiom with .pad or .phone: {name: where}."""
    helpers = {}
    for path, lines in files.items():
        for index, text in enumerate(lines):
            comparison = IDIOM_COMPARISON.search(text)
            if not comparison or re.match(r"\s*(\}\s*else\s+)?(if|guard|while|case|return\s+\S+\s*\?)\b", text):
                continue  # a decision, not the body of a Bool helper
            for back in range(index, max(index - NEAR, -1), -1):
                declaration = DECLARATION.search(lines[back])
                if declaration:
                    # `let isPad = ... == .pad`, or a declaration typed Bool (`var isPad: Bool {`)
                    assigned = back == index and re.match(r"\s*(:\s*Bool\s*)?=\s*[\w.()\s]*$",
                                                          text[declaration.end():comparison.start()])
                    typed = re.search(r"\bBool\b", lines[back][declaration.end():])
                    ternary = re.match(r"\s*\)?\s*\?", text[comparison.end():])  # `isPad ? 2 : 1` is no Bool
                    if (assigned or typed) and not ternary and len(declaration.group(1)) > 2:
                        helpers.setdefault(declaration.group(1), f"{path}:{back + 1}")
                    break
    for _ in range(3):  # helpers made of helpers: `var isLarge: Bool { isPad && ... }`
        if not helpers:
            break
        uses = re.compile(r"\b(" + "|".join(map(re.escape, helpers)) + r")\b")
        added = False
        for path, lines in files.items():
            for index, text in enumerate(lines):
                declaration = BOOL_DECLARATION.search(text)
                name = declaration and (declaration.group(1) or declaration.group(2))
                if not name or name in helpers or len(name) <= 2:
                    continue
                body = text[declaration.end():]  # `{ isPad }`, `= isPad && ...`, or the next line
                if body.rstrip().endswith("{") and index + 1 < len(lines):
                    body += " " + lines[index + 1]
                if uses.search(body):
                    helpers[name] = f"{path}:{index + 1}"
                    added = True
        if not added:
            break
    return helpers


def file_hint(lines):
    """`imports AppKit` or `imports WatchKit`: code that may not run in a Catalyst app at all."""
    imports = {match.group(1) for text in lines for match in [re.match(r"\s*import\s+(\w+)", text)] if match}
    foreign = sorted(imports & {"AppKit", "Cocoa", "WatchKit"})
    return f"imports {', '.join(foreign)}" if foreign and "UIKit" not in imports else ""


def add_helper_uses_and_sizes(add, text, helper_uses, helpers, here):
    """Candidates on one line, in Swift and Objective-C alike: a use of an idiom helper declared
    elsewhere (idiom-layout-decision), and a number that is a device dimension near a size word
    (hard-coded-size)."""
    if helper_uses:
        for match in helper_uses.finditer(text):
            name = match.group(1)
            if helpers[name] != here:
                add("idiom-layout-decision", f"uses {name} (declared {helpers[name]})", match.start())
    if SIZE_WORDS.search(text):
        for match in NUMBER.finditer(text):
            value = int(match.group(1))
            if value in DIMENSIONS:
                kind = "iPad" if value in IPAD_POINTS else "iPhone" if value in IPHONE_POINTS else "pixels"
                add("hard-coded-size", f"{value} ({kind})", match.start())


def scan_text(path, lines, candidates, subclasses, helper_uses, helpers):
    hint = file_hint(lines)
    conditions_of = [("; ".join(filter(None, [hint, condition]))) for condition in conditions(lines)]
    idiom_lines = [index for index, text in enumerate(lines) if IDIOM_WORD.search(text)]
    for index, text in enumerate(lines):
        number = index + 1
        condition = conditions_of[index]

        def add(rule, found_by, position):
            candidates.add(path, number, rule, found_by, text, hints(text, position, condition))

        # unavailable-control
        for match in UNAVAILABLE_WORD.finditer(text):
            add("unavailable-control", f"mentions {match.group(1)}", match.start())
        if subclasses:
            for match in re.finditer(r"\b(" + "|".join(map(re.escape, sorted(subclasses))) +
                                     r")\s*(\(|\.init\b|\.self\b|\{)", text):
                add("unavailable-control", f"{match.group(1)}( (a subclass)", match.start())

        # button-non-normal-state: the setter with `for:` in its arguments
        for match in BUTTON_SETTER.finditer(text):
            arguments = call_arguments(lines, index, match.end())
            state = re.search(r"\bfor\s*:\s*(.*)$", arguments)
            if state:
                add("button-non-normal-state", f"set{match.group(1)} for: {state.group(1).strip()[:60]}",
                    match.start())

        # slider-custom-appearance
        for match in SLIDER_SETTER.finditer(text):
            add("slider-custom-appearance", match.group(1), match.start())
        for match in SLIDER_PROPERTY.finditer(text):
            assigned = re.match(r"\s*=(?!=)", text[match.end():])
            add("slider-custom-appearance", match.group(1) + (" =" if assigned else ""), match.start())

        # idiom-layout-decision
        match = IDIOM.search(text)
        if match:
            add("idiom-layout-decision", match.group(1), match.start())
        match = PAD_OR_PHONE.search(text)
        if match and "BehavioralStyle" not in text and any(abs(other - index) <= NEAR for other in idiom_lines):
            add("idiom-layout-decision", f".{match.group(1)} near an idiom", match.start())
        add_helper_uses_and_sizes(add, text, helper_uses, helpers, f"{path}:{number}")
        match = SCREEN_MAIN.search(text)
        if match:
            add("hard-coded-size", "UIScreen.main", match.start())

        # The rules of issue 12: a wide net of the names each one is about (LABELING.md).
        for rule, pattern in NEWER_RULES:
            for match in pattern.finditer(text):
                add(rule, match.group(0)[:60], match.start())


# --- Objective-C files (.m, .mm, .h, .pch) -------------------------------------------------
#
# The same rules, in their Objective-C spellings (DOMAIN.md, "Objective-C spellings of the same
# facts"). Regular expressions over lines: this lists sites to read, it judges nothing.

OBJC_EXTENSIONS = (".m", ".mm", ".h", ".pch")
OBJC_UNAVAILABLE = ("UIStepper", "UIPageControl", "UIRefreshControl", "UIPickerView")
OBJC_UNAVAILABLE_WORD = re.compile(r"\b(UIStepper|UIPageControl|UIRefreshControl|UIPickerView)\b")
OBJC_INTERFACE = re.compile(r"@interface\s+(\w+)\s*:\s*(\w+)")
OBJC_BUTTON_SETTER = re.compile(r"\bset(Title|AttributedTitle|Image|BackgroundImage|TitleColor|TitleShadowColor):")
OBJC_SLIDER_SETTER = re.compile(r"\b(setThumbImage|setMinimumTrackImage|setMaximumTrackImage|setThumbTintColor|"
                                r"setMinimumTrackTintColor|setMaximumTrackTintColor|setMinimumValueImage|"
                                r"setMaximumValueImage):")
OBJC_IDIOM = re.compile(r"\b(userInterfaceIdiom|UI_USER_INTERFACE_IDIOM|UIUserInterfaceIdiom(?:Pad|Phone|Mac|TV|"
                        r"CarPlay|Vision|Unspecified))\b")
OBJC_IDIOM_COMPARISON = re.compile(r"UIUserInterfaceIdiom(Pad|Phone)\b")
OBJC_HELPER_DECLARATION = re.compile(
    r"#\s*define\s+(\w+)"                                        # #define IS_IPAD (... == ...Pad)
    r"|^\s*[-+]\s*\(\s*BOOL\s*\)\s*(\w+)"                         # + (BOOL)isPad
    r"|\b(?:static\s+)?(?:inline\s+)?BOOL\s+(\w+)\s*\("           # static BOOL isPad(void)
    r"|@property\b[^;]*\bBOOL\s+(\w+)")                            # @property BOOL isPad
OBJC_SCREEN = re.compile(r"\[\s*UIScreen\s+mainScreen\s*\]|\bUIScreen\s*\.\s*mainScreen\b")
OBJC_FONT = re.compile(
    r"\b(systemFontOfSize|boldSystemFontOfSize|italicSystemFontOfSize|monospacedSystemFontOfSize|"
    r"monospacedDigitSystemFontOfSize):|\bfontWithName:|\bfontWithDescriptor:")
OBJC_GUARD_WORDS = re.compile(r"TARGET_OS_\w+|isMacCatalystApp|isiOSAppOnMac|UIUserInterfaceIdiomMac|"
                              r"@available|__builtin_available|isSourceTypeAvailable|preferredBehavioralStyle")

OBJC_RULES = [(rule, re.compile(pattern)) for rule, pattern in [
    ("date-picker-wheels", r"\b(preferredDatePickerStyle|setPreferredDatePickerStyle:|datePickerMode|setDatePickerMode:|"
                           r"UIDatePickerStyleWheels|UIDatePickerModeCountDownTimer|UIDatePickerModeYearAndMonth)"),
    ("button-gesture-recognizer", r"\b(addGestureRecognizer:|gestureRecognizers\b|setGestureRecognizers:)"),
    ("missing-popover-anchor", r"\bpresentViewController:|\bpresentModalViewController:"),
    ("unchecked-camera", r"\bsourceType\s*=(?!=)|\bsetSourceType:|\bUIImagePickerControllerSourceTypeCamera\b"),
    ("pushed-split-view", r"\bpushViewController:|\binitWithRootViewController:|\bsetViewControllers:"),
    ("private-mac-idiom-api", r"AllowsUnsupportedMacIdiomBehavior"),
]]


def objc_lines_state(lines):
    """For each line: the `#if` branches around it (C preprocessor spelling) and whether the line
    starts inside a block comment."""
    stack, result, in_comment = [], [], False
    for text in lines:
        started_in_comment = in_comment
        # comments: follow /* */ through the line (strings are not tracked; a hint only)
        position = 0
        while True:
            if in_comment:
                end = text.find("*/", position)
                if end < 0:
                    break
                in_comment, position = False, end + 2
            else:
                start = text.find("/*", position)
                line_comment = text.find("//", position)
                if start < 0 or (0 <= line_comment < start):
                    break
                in_comment, position = True, start + 2
        directive = None if started_in_comment else re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", text)
        if directive:
            kind, condition = directive.group(1), directive.group(2).split("//")[0].strip()
            if kind == "if":
                stack.append(("#if", condition))
            elif kind == "ifdef":
                stack.append(("#if", f"defined({condition})"))
            elif kind == "ifndef":
                stack.append(("#if", f"!defined({condition})"))
            elif kind == "elif" and stack:
                stack[-1] = ("#elif", f"{condition} (after {stack[-1][1]})")
            elif kind == "else" and stack:
                stack[-1] = ("#else of", stack[-1][1])
            elif kind == "endif" and stack:
                stack.pop()
        result.append((" > ".join(f"{kind} {condition}" for kind, condition in stack), started_in_comment))
    return result


def objc_hints(text, position, condition, in_comment):
    parts = [condition] if condition else []
    before = text[:position]
    if in_comment and "*/" not in before:
        parts.append("comment")
    elif "//" in before or re.search(r"/\*(?!.*\*/)", before):
        parts.append("comment")
    elif before.count('"') % 2 == 1:
        parts.append("string")
    return "; ".join(parts)


def objc_statement(lines, index, start, limit=8):
    """The text of a message send from `start` up to its `;` (at most `limit` lines)."""
    pieces = []
    for number in range(index, min(index + limit, len(lines))):
        text = lines[number][start:] if number == index else lines[number]
        end = text.find(";")
        if end >= 0:
            pieces.append(text[:end])
            break
        pieces.append(text)
    return " ".join(piece.strip() for piece in pieces)


def objc_subclasses(objc_files, swift_files):
    """Classes that inherit, directly or not, from the unavailable controls, in either language."""
    superclass = {}
    for lines in objc_files.values():
        for text in lines:
            for match in OBJC_INTERFACE.finditer(text):
                superclass.setdefault(match.group(1), match.group(2))
    for lines in swift_files.values():
        for text in lines:
            for match in CLASS_DECLARATION.finditer(text):
                superclass.setdefault(match.group(1), match.group(2).split(".")[-1])
    found, changed = set(), True
    while changed:
        changed = False
        for name, parent in superclass.items():
            if name not in found and (parent in OBJC_UNAVAILABLE or parent in found):
                found.add(name)
                changed = True
    return found


def objc_idiom_helpers(objc_files):
    """Macros, methods, functions and properties whose body compares the idiom with Pad or Phone:
    {name: where}. Their uses are listed as idiom-layout-decision candidates."""
    helpers = {}
    for path, lines in objc_files.items():
        for index, text in enumerate(lines):
            if not OBJC_IDIOM_COMPARISON.search(text):
                continue
            for back in range(index, max(index - NEAR, -1), -1):
                declaration = OBJC_HELPER_DECLARATION.search(lines[back])
                if declaration:
                    name = next(group for group in declaration.groups() if group)
                    if len(name) > 2 and not re.search(r"\?\s*[^:]+:", text):  # a ternary picks a value, no Bool
                        helpers.setdefault(name, f"{path}:{back + 1}")
                    break
                if back < index and re.match(r"\s*[-+]\s*\(|\s*\}\s*$", lines[back]):
                    break  # another method or the end of one: not this helper's body
    return helpers


def scan_objc(path, lines, candidates, subclasses, helper_uses, helpers):
    states = objc_lines_state(lines)
    subclass_use = re.compile(r"\b(" + "|".join(map(re.escape, sorted(subclasses))) + r")\s+(alloc|new)\b") \
        if subclasses else None
    for index, text in enumerate(lines):
        number = index + 1
        condition, in_comment = states[index]

        def add(rule, found_by, position):
            candidates.add(path, number, rule, found_by, text, objc_hints(text, position, condition, in_comment))

        # unavailable-control: every mention, and the creation of a subclass
        for match in OBJC_UNAVAILABLE_WORD.finditer(text):
            add("unavailable-control", f"mentions {match.group(1)}", match.start())
        if subclass_use:
            for match in subclass_use.finditer(text):
                add("unavailable-control", f"[{match.group(1)} {match.group(2)}] (a subclass)", match.start())

        # button-non-normal-state: setX: ... forState: in one message
        for match in OBJC_BUTTON_SETTER.finditer(text):
            statement = objc_statement(lines, index, match.end())
            state = re.search(r"\bforState:\s*([^\]]*)", statement)
            if state:
                add("button-non-normal-state", f"set{match.group(1)}: forState:{state.group(1).strip()[:60]}",
                    match.start())

        # slider-custom-appearance
        for match in OBJC_SLIDER_SETTER.finditer(text):
            add("slider-custom-appearance", match.group(1) + ":", match.start())
        for match in SLIDER_PROPERTY.finditer(text):
            assigned = re.match(r"\s*=(?!=)", text[match.end():])
            add("slider-custom-appearance", match.group(1) + (" =" if assigned else ""), match.start())

        # idiom-layout-decision: the idiom, its constants, and the app's helpers
        for match in OBJC_IDIOM.finditer(text):
            add("idiom-layout-decision", match.group(1), match.start())
            break
        # hard-coded-size: CGRectMake, CGSizeMake, frames, constants, compared sizes
        add_helper_uses_and_sizes(add, text, helper_uses, helpers, f"{path}:{number}")

        # main-screen-layout (and, as for Swift, a hard-coded-size hint)
        for match in OBJC_SCREEN.finditer(text):
            rest = text[match.end():match.end() + 40]
            what = re.match(r"\s*(?:\.\s*|\s)(\w+)", rest)
            add("main-screen-layout", f"mainScreen {what.group(1) if what else ''}".strip(), match.start())
            add("hard-coded-size", "mainScreen", match.start())

        # switch-title: a title set (setTitle: without forState:, or .title =)
        for match in re.finditer(r"\bsetTitle:|\.title\s*=(?!=)", text):
            if match.group(0).startswith("setTitle:") and "forState:" in objc_statement(lines, index, match.end()):
                continue
            add("switch-title", match.group(0)[:20], match.start())

        # fixed-font-size
        for match in OBJC_FONT.finditer(text):
            statement = objc_statement(lines, index, match.start(), limit=4)
            size = re.search(r"(?:OfSize|size):\s*([^\]\s]+)", statement)
            add("fixed-font-size", f"{match.group(0)} {size.group(1)[:30] if size else ''}".strip(), match.start())

        # the rest: a wide net of the names each rule is about
        for rule, pattern in OBJC_RULES:
            for match in pattern.finditer(text):
                add(rule, match.group(0)[:60], match.start())


def objc_presentation_hints(path, lines, candidates):
    """For each presentViewController: row, what the lines before it in the same method show:
    an action sheet, an activity controller, a popover style, an anchor, an idiom test."""
    for (row_path, number, rule), row in candidates.rows.items():
        if row_path != path or rule != "missing-popover-anchor":
            continue
        start = number - 1
        while start > 0 and not re.match(r"\s*[-+]\s*\(", lines[start - 1]) and number - start < 80:
            start -= 1
        body = "\n".join(lines[start - 1 if start else 0:min(len(lines), number + 15)])
        seen = [word for word, pattern in [
            ("action sheet", r"UIAlertControllerStyleActionSheet"), ("activity", r"UIActivityViewController"),
            ("popover style", r"UIModalPresentationPopover"),
            ("anchor", r"sourceView|barButtonItem|sourceItem|setSourceView:|setBarButtonItem:"),
            ("idiom", r"UI_USER_INTERFACE_IDIOM|userInterfaceIdiom|IS_IPAD|IS_IPHONE|isIPad|isPad\b|isPhone\b")]
            if re.search(pattern, body)]
        if seen:
            row["context"] = "; ".join(filter(None, [row["context"], "method shows: " + ", ".join(seen)]))


# --- Interface Builder files ----------------------------------------------------------------

def scan_interface_builder(path, data, candidates, subclasses):
    """Storyboards and xibs, read with expat for line numbers and the parent of each element."""
    lines = data.decode("utf-8", errors="replace").split("\n")
    parser = xml.parsers.expat.ParserCreate()
    stack = []

    runtime = []  # the document's targetRuntime: "MacOSX.Cocoa" is an AppKit file

    def start(name, attributes):
        number = parser.CurrentLineNumber
        text = lines[number - 1] if number <= len(lines) else ""
        parent = stack[-1] if stack else ""
        if name == "document":
            runtime.append(attributes.get("targetRuntime", ""))

        def add(rule, found_by, context=""):
            if runtime and runtime[0].startswith("MacOSX"):
                context = "; ".join(filter(None, ["AppKit file (targetRuntime MacOSX.Cocoa)", context]))
            candidates.add(path, number, rule, found_by, text, context)

        if name in ("stepper", "pageControl", "refreshControl", "pickerView"):
            add("unavailable-control", f"IB <{name}>")
        if name == "fontDescription" and "pointSize" in attributes and not attributes.get("style"):
            add("fixed-font-size", f"IB <fontDescription pointSize={attributes['pointSize']}>", f"in <{parent}>")
        if name == "datePicker" and (attributes.get("style") == "wheels" or
                                     attributes.get("datePickerMode") in ("countDownTimer", "yearAndMonth")):
            add("date-picker-wheels", f"IB <datePicker {attributes.get('style', '')} {attributes.get('datePickerMode', '')}>")
        custom = attributes.get("customClass", "")
        if custom in subclasses or any(word in custom for word in ("Stepper", "PageControl", "RefreshControl")):
            add("unavailable-control", f"IB <{name} customClass={custom}>")
        if name == "state" and attributes.get("key", "normal") != "normal":
            add("button-non-normal-state", f"IB <state key={attributes.get('key')}>", f"in <{parent}>")
        if name == "slider":
            for attribute in SLIDER_IB_ATTRIBUTES:
                if attribute in attributes:
                    add("slider-custom-appearance", f"IB <slider {attribute}=>")
        if attributes.get("key") in SLIDER_KEYS or attributes.get("keyPath") in SLIDER_KEYS:
            add("slider-custom-appearance", f"IB key {attributes.get('key') or attributes.get('keyPath')}",
                f"in <{parent}>")
        if attributes.get("key") != "freeformSize" and name in ("rect", "size", "constraint"):
            for attribute in IB_SIZE_ATTRIBUTES:
                value = attributes.get(attribute, "")
                try:
                    number_value = float(value)
                except ValueError:
                    continue
                if number_value.is_integer() and int(number_value) in DIMENSIONS:
                    context = f"in <{parent}>"
                    if name == "rect" and len(stack) >= 2 and stack[-2] in (
                            "objects", "viewController", "tableViewController", "collectionViewController"):
                        context += " (a top-level or scene root view: its frame is the canvas size)"
                    add("hard-coded-size", f"IB <{name} {attribute}={value}>", context)
        stack.append(name)

    def end(name):
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        print(f"candidates: {path}: not well-formed XML ({error}); searched as text", file=sys.stderr)
        for index, text in enumerate(lines):
            for tag in re.findall(r"<(stepper|pageControl|refreshControl)\b", text):
                candidates.add(path, index + 1, "unavailable-control", f"IB <{tag}>", text)
            key = re.search(r'<state key="(\w+)"', text)
            if key and key.group(1) != "normal":
                candidates.add(path, index + 1, "button-non-normal-state", f"IB <state key={key.group(1)}>", text)


# --- One app --------------------------------------------------------------------------------

def candidates_for(app, options):
    folder = os.path.join(options.corpus, app["name"])
    # The `excluded` globs of apps.csv, as the .catalint.yml extract.sh writes: a name without `/`
    # matches a folder or file at any depth (test targets, watch apps).
    excluded = [glob for glob in (app.get("excluded") or "").split(";") if glob and "/" not in glob]
    swift, interface, builder, objc = {}, {}, [], {}
    for directory, subdirectories, names in os.walk(folder):
        subdirectories[:] = sorted(d for d in subdirectories if not any(fnmatch.fnmatchcase(d, glob) for glob in excluded))
        for name in sorted(names):
            if any(fnmatch.fnmatchcase(name, glob) for glob in excluded):
                continue
            full = os.path.join(directory, name)
            path = os.path.relpath(full, folder)
            if name.endswith(".swift"):
                swift[path] = read_lines(full)
            elif name.endswith((".interface.yml", ".interface.yaml")):
                interface[path] = read_lines(full)
            elif name.endswith((".storyboard", ".xib")):
                builder.append((path, full))
            elif name.endswith(OBJC_EXTENSIONS):
                objc[path] = read_lines(full)

    candidates = Candidates()
    subclasses = unavailable_subclasses(swift)
    helpers = idiom_helpers(swift)
    helper_uses = re.compile(r"\b(" + "|".join(map(re.escape, sorted(helpers))) + r")\b") if helpers else None
    for path, lines in {**swift, **interface}.items():
        scan_text(path, lines, candidates, subclasses, helper_uses, helpers)
    for path, full in builder:
        with open(full, "rb") as file:
            scan_interface_builder(path, file.read(), candidates, subclasses | objc_subclasses(objc, swift))
    objc_classes = objc_subclasses(objc, swift)
    objc_helpers = objc_idiom_helpers(objc)
    objc_helper_uses = re.compile(r"\b(" + "|".join(map(re.escape, sorted(objc_helpers))) + r")\b") \
        if objc_helpers else None
    for path, lines in objc.items():
        scan_objc(path, lines, candidates, objc_classes, objc_helper_uses, objc_helpers)
        objc_presentation_hints(path, lines, candidates)
    subclasses = subclasses | objc_classes
    helpers = {**helpers, **objc_helpers}

    for binary in options.binaries:  # every finding of every binary given, each named in found_by
        name = os.path.basename(binary)
        run = score.run_catalint(SimpleNamespace(corpus=options.corpus, catalint=binary, timeout=options.timeout),
                                 app)
        if run["crash"]:
            print(f"candidates: {app['name']}: {name} crashed ({run['crash']})", file=sys.stderr)
        for diagnostic in run["diagnostics"]:
            if diagnostic["rule"] in score.TOOL_RULES:
                continue
            path, number = diagnostic["path"], diagnostic["line"]
            lines = swift.get(path) or interface.get(path) or read_lines(os.path.join(folder, path))
            text = lines[number - 1] if 0 < number <= len(lines) else ""
            candidates.add(path, number, diagnostic["rule"], f"catalint:{name}", text)
            row = candidates.rows[(path, number, diagnostic["rule"])]
            row["catalint"] = row["catalint"] or diagnostic["message"]
    # What the project builds (membership.py): the label of a site in a file no target of the app
    # builds, or that only targets outside the Mac idiom build, starts with the reason shown here.
    files = membership.App(folder).files()
    for (path, _, _), row in candidates.rows.items():
        verdict, entries = files.get(path, ("mac", []))
        if verdict != "mac":
            row["context"] = "; ".join(filter(None, [f"{verdict} ({membership.reason(verdict, entries)})",
                                                     row["context"]]))
    return candidates, subclasses, helpers


def write_csv(app, candidates, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(["repo", "commit", "path", "line", "rule", "expected", "reason", "found_by", "context",
                         "catalint", "source"])
        for (file_path, line, rule), row in sorted(candidates.rows.items()):
            writer.writerow([app["repo"], app["commit"], file_path, line, rule, "", "", "; ".join(row["found_by"]),
                             row["context"], row["catalint"], row["source"]])


def main():
    parser = argparse.ArgumentParser(description="List candidate sites for labelling.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="apps from apps.csv (default: all)")
    parser.add_argument("--catalint", action="append", metavar="PATH",
                        help="merge in this binary's findings (repeatable; default: .build/release/catalint "
                             "when it exists)")
    parser.add_argument("--no-catalint", action="store_true", help="do not run catalint")
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".corpus"))
    parser.add_argument("--timeout", type=float, default=600)
    arguments = parser.parse_args()

    binaries = [] if arguments.no_catalint else [os.path.abspath(path) for path in arguments.catalint or []]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            sys.exit(f"candidates: no catalint binary at {binary} (pass --catalint PATH or --no-catalint)")
    default = os.path.join(ROOT, ".build", "release", "catalint")
    if not arguments.no_catalint and not arguments.catalint:
        if os.access(default, os.X_OK):
            binaries = [default]
        else:
            print(f"candidates: no catalint binary at {default}: listing the searches' sites only", file=sys.stderr)
    options = SimpleNamespace(corpus=arguments.corpus, binaries=binaries, timeout=arguments.timeout)
    apps = score.read_apps(os.path.join(HERE, "apps.csv"))
    unknown = set(arguments.names) - {app["name"] for app in apps}
    if unknown:
        sys.exit(f"candidates: not in apps.csv: {', '.join(sorted(unknown))}")
    apps = [app for app in apps if not arguments.names or app["name"] in arguments.names]

    print(f"{'app':<16}" + "".join(f" {rule:>25}" for rule in RULES) + "   (candidates / of them reported"
          " by catalint / reported but not found by the searches)")
    for app in apps:
        if not os.path.isdir(os.path.join(options.corpus, app["name"])):
            print(f"candidates: {app['name']} is not extracted: run scripts/corpus/extract.sh", file=sys.stderr)
            continue
        candidates, subclasses, helpers = candidates_for(app, options)
        output = os.path.join(options.corpus, "candidates", f"{app['name']}.csv")
        write_csv(app, candidates, output)
        total, reported, only = Counter(), Counter(), Counter()
        for (_, _, rule), row in candidates.rows.items():
            total[rule] += 1
            if row["catalint"]:
                reported[rule] += 1
                if all(found.startswith("catalint:") for found in row["found_by"]):
                    only[rule] += 1
        extra = sorted(set(total) - set(RULES))
        print(f"{app['name']:<16}" + "".join(f" {f'{total[r]} / {reported[r]} / {only[r]}':>25}" for r in RULES)
              + "".join(f"  {r} {total[r]}" for r in extra))
        print(f"{'':<16} subclasses of unavailable controls: {', '.join(sorted(subclasses)) or '-'}; "
              f"idiom helpers: {', '.join(f'{n} ({w})' for n, w in sorted(helpers.items())) or '-'}")
        print(f"{'':<16} -> {os.path.relpath(output, ROOT)}")


if __name__ == "__main__":
    main()
