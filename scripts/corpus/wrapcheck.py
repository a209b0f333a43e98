"""What a compiler would refuse, or the Mac would trap on, in a statement wrapped in an idiom guard.

An independent reading of the fixed Swift file (no swift-syntax, nothing shared with catalint): the
text with its comments and strings blanked, its braces matched, and around each
`if UIDevice.current.userInterfaceIdiom != .mac { <statement> }` that `--unsafe-fixes` added:

  unset-in-init   the statement assigns, in an initializer, a stored property that must be set on
                  every path (a `let`, or a `var` with no initial value that is not optional): the
                  initializer no longer compiles
  unset-local     it assigns a local declared without a value (`let x: T`, `var x: T`) that is read
                  after the `if`: read before being initialized, it no longer compiles
  out-of-scope    it declares a name that is used after the `if`: the name is out of scope
  trap            it assigns an implicitly unwrapped property or local (`T!`), or something the
                  function force-unwraps after the `if` (`refreshControl!.frame`): it compiles, but
                  the Mac's path traps

The declarations are looked for in the enclosing function, the enclosing type, and the type's other
declarations (`extension Form` finds `struct Form` in any file of the app).

Run it on its own for a file and a line: wrapcheck.py FILE LINE [APP_FOLDER]
"""
import os
import re
import sys

GUARD = re.compile(r"\bif\s+UIDevice\.current\.userInterfaceIdiom\s*!=\s*\.mac\s*\{")
IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
TYPE_KEYWORDS = ("class", "struct", "enum", "actor", "extension")


def blank(text):
    """The text with the contents of comments and string literals replaced by spaces (newlines
    kept), so that positions stay the same and braces in them do not count."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            j = i + hashes
            multi = text.startswith('"""', j)
            quote = '"""' if multi else '"'
            close = quote + "#" * hashes
            j += len(quote)
            start = j
            while j < n and not text.startswith(close, j):
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text[j] == "\n" and not multi:
                    break
                j += 1
            wipe(start, j)
            i = j + len(close)
        else:
            i += 1
    return "".join(out)


class Source:
    """A file's blanked text with its braces matched."""

    def __init__(self, text):
        self.text = text
        self.code = blank(text)
        self.match = {}
        self.parent = {}  # opening brace -> the opening brace around it
        stack = []
        for index, char in enumerate(self.code):
            if char == "{":
                self.parent[index] = stack[-1] if stack else None
                stack.append(index)
            elif char == "}" and stack:
                self.match[stack.pop()] = index

    def line_offset(self, line):
        offset = 0
        for _ in range(line - 1):
            offset = self.code.index("\n", offset) + 1
        return offset

    def header(self, brace):
        """The text before an opening brace back to the previous statement or brace."""
        start = brace
        depth = 0
        while start > 0:
            char = self.code[start - 1]
            if char in ")]":
                depth += 1
            elif char in "([":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and char in "{};":
                break
            start -= 1
        return self.code[start:brace]

    def enclosing(self, index):
        """The opening braces around `index`, innermost first."""
        braces = [b for b, e in self.match.items() if b < index < e]
        return sorted(braces, reverse=True)

    def kind(self, brace):
        head = " ".join(self.header(brace).split())
        if re.search(r"\binit[?!]?\s*(<[^>]*>)?\s*\(", head):
            return "init", None
        if re.search(r"\bfunc\s", head) or re.search(r"\b(get|set|didSet|willSet)\s*$", head):
            return "function", None
        match = re.search(r"\b(class|struct|enum|actor|extension)\s+(" + IDENTIFIER + r")", head)
        if match and not re.search(r"\bfunc\s", head):
            return "type", match.group(2)
        if re.search(r"\b(var|let)\s+" + IDENTIFIER + r"\s*:[^=]*$", head) and not re.search(r"=", head):
            return "accessor", None  # a computed property's body
        return "block", None


def member_declarations(source, type_brace, name):
    """The declarations of `name` directly in a type's body: (keyword, type text, has value)."""
    body_start, body_end = type_brace + 1, source.match[type_brace]
    found = []
    pattern = re.compile(r"\b(let|var)\s+" + re.escape(name) + r"\b\s*(:\s*([^={\n]+))?(\s*=)?(\s*\{)?")
    for match in pattern.finditer(source.code, body_start, body_end):
        if source.enclosing(match.start())[:1] != [type_brace]:
            continue  # inside a member's body: a local
        head = source.code[source.code.rfind("\n", 0, match.start()) + 1:match.start()]
        if re.search(r"\b(static|class)\b", head):
            continue
        if match.group(5):
            continue  # a computed property or one with observers: `{` after the type
        found.append((match.group(1), (match.group(3) or "").strip(), bool(match.group(4)) or "lazy" in head))
    return found


def type_declarations(app_folder, type_name, cache):
    """Every `class|struct|enum|actor Name {` body in the app's Swift files: (Source, brace)."""
    if type_name in cache:
        return cache[type_name]
    result = []
    pattern = re.compile(r"\b(class|struct|enum|actor|extension)\s+" + re.escape(type_name) + r"\b[^{]*\{")
    for folder, _, files in os.walk(app_folder):
        for name in files:
            if not name.endswith(".swift"):
                continue
            try:
                text = open(os.path.join(folder, name), encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            if type_name not in text:
                continue
            source = Source(text)
            for match in pattern.finditer(source.code):
                result.append((source, match.end() - 1))
    cache[type_name] = result
    return result


def classify(stored):
    """What skipping the assignment of a declaration does: trap, unset-in-init, or None."""
    keyword, type_text, has_value = stored
    if type_text.endswith("!"):
        return "trap"
    optional = type_text.endswith("?") or type_text.startswith("Optional<")
    if keyword == "let" or (not has_value and not optional):
        return "unset-in-init"
    return None


def check(source, guard_offset, app_folder=None, cache=None):
    """The problems of one wrapped statement: a list of (kind, explanation)."""
    cache = {} if cache is None else cache
    brace = source.code.index("{", guard_offset)
    end = source.match.get(brace)
    if end is None:
        return [("unreadable", "the guard's braces do not match")]
    statement = source.code[brace + 1:end].strip()
    after_start = end + 1
    around = source.enclosing(brace)
    function = next((b for b in around if source.kind(b)[0] in ("init", "function", "accessor")), None)
    function_end = source.match[function] if function is not None else len(source.code)
    block = around[0] if around else None
    block_end = source.match[block] if block is not None else len(source.code)
    rest_of_block = source.code[after_start:block_end]
    rest_of_function = source.code[after_start:function_end]
    problems = []

    declared = re.match(r"(?:(?:private|fileprivate|weak|unowned|lazy)\s+)*(let|var)\s+(" + IDENTIFIER + r")", statement)
    if declared:
        name = declared.group(2)
        if re.search(r"(?<![.\w])" + re.escape(name) + r"\b", rest_of_block):
            problems.append(("out-of-scope", f"declares `{name}`, used after the `if`"))
        return problems

    assigned = re.match(r"(self\.)?(" + IDENTIFIER + r"(?:\s*[?!]?\s*\.\s*" + IDENTIFIER + r")*)\s*=(?!=)", statement)
    if not assigned:
        return problems
    target = re.sub(r"\s+", "", assigned.group(2))
    unwrapped = re.compile(r"(?<![\w.])(?:self\.)?" + re.escape(target).replace(r"\.", r"\s*\.\s*") + r"\s*!")
    if unwrapped.search(rest_of_function):
        problems.append(("trap", f"`{target}!` after the `if`: nil on the Mac's path"))
    if "." in target:
        return problems

    # A local declared before it in the function.
    if function is not None and not assigned.group(1):
        before = source.code[function + 1:brace]
        local = None
        for match in re.finditer(r"\b(let|var)\s+" + re.escape(target) + r"\b\s*(:\s*([^={\n]+))?(\s*=)?", before):
            local = match  # the nearest declaration before the statement
        if local:
            type_text = (local.group(3) or "").strip()
            if type_text.endswith("!"):
                problems.append(("trap", f"the local `{target}` is implicitly unwrapped"))
            elif not local.group(4) and (local.group(1) == "let" or not type_text.endswith("?")):
                if re.search(r"(?<![.\w])" + re.escape(target) + r"\b", rest_of_function):
                    problems.append(("unset-local", f"the local `{target}`, declared without a value, is read after the `if`"))
            return problems

    # A stored property of the enclosing type, or of the type an extension extends.
    type_brace = next((b for b in around if source.kind(b)[0] == "type"), None)
    if type_brace is None:
        return problems
    type_name = source.kind(type_brace)[1]
    declarations = member_declarations(source, type_brace, target)
    if not declarations and app_folder:
        for other, other_brace in type_declarations(app_folder, type_name, cache):
            declarations += member_declarations(other, other_brace, target)
    in_init = function is not None and source.kind(function)[0] == "init"
    for stored in declarations[:1]:
        verdict = classify(stored)
        if verdict == "trap":
            problems.append(("trap", f"`{target}` is declared implicitly unwrapped (`{stored[1]}`)"))
        elif verdict == "unset-in-init" and in_init:
            what = "a constant" if stored[0] == "let" else f"`{stored[1]}` with no initial value"
            problems.append(("unset-in-init", f"`{target}` is {what}, which the initializer must set on every path"))
    return problems


def guards(source):
    """The offsets of every idiom guard in a file."""
    return [match.start() for match in GUARD.finditer(source.code)]


def main():
    path, line = sys.argv[1], int(sys.argv[2])
    app_folder = sys.argv[3] if len(sys.argv) > 3 else None
    source = Source(open(path, encoding="utf-8").read())
    start = source.line_offset(line)
    match = GUARD.search(source.code, start)
    if not match:
        sys.exit(f"no idiom guard from line {line}")
    for kind, why in check(source, match.start(), app_folder) or [("ok", "")]:
        print(f"{kind}: {why}")


if __name__ == "__main__":
    main()
