/// The commented `.catalint.yml` that `catalint init` writes.
public enum StarterConfiguration {
    public static func text(detected: IdiomDetection.Decision) -> String {
        var text = """
        # catalint configuration. Every key is optional; an unknown key or rule id is an error.
        # Schema for editors: docs/config.schema.json in the catalint repository.

        # The idiom the app uses on the Mac: mac ("Optimize Interface for Mac"), pad ("Scale Interface
        # to Match iPad"), or auto (read TARGETED_DEVICE_FAMILY and SUPPORTS_MACCATALYST at each run
        # from the Xcode project, or XcodeGen project.yml, that compiles the linted files).
        # `catalint init` detected \(detected.idiom.rawValue): \(detected.reason).
        idiom: \(detected.idiom.rawValue)

        # Globs, relative to this file. Files found in folders must match `included` when it is given;
        # `excluded` applies to every file, also to files named on the command line.
        # included:
        #   - Sources
        excluded:
          - "**/Generated/**"

        # YAML interface descriptions named otherwise than *.interface.yml / *.interface.yaml.
        # interface_files:
        #   - "Screens/**/*.yml"

        # Each rule: off, note, warning or error, or a mapping with `severity` and the rule's options.
        # Lists in options extend catalint's defaults. `catalint rules ID` explains a rule.
        rules:

        """
        for rule in RuleCatalog.all {
            text += "  \(rule.id): \(rule.severity.rawValue)\n"
        }
        text += """
          # unavailable-control:
          #   severity: error
          #   classes: [UIPickerView]          # reported to throw in the field too

        # Per-folder levels; later entries win.
        # overrides:
        #   - paths: ["Tests/**"]
        #     rules:
        #       hard-coded-size: off

        """
        return text
    }
}
