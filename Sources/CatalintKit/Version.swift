/// catalint's version, as `--version` and the JSON report give it.
public enum CatalintVersion {
    public static let current = "0.1.0"
}
