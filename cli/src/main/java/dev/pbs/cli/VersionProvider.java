package dev.pbs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The release and the commit it was built from, from {@code version.properties}, which the build
 * fills in (the commit from git; "unknown" when the build had no git repository).
 */
final class VersionProvider implements IVersionProvider {

    private static final String RESOURCE = "/dev/pbs/cli/version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {
            "pbs " + version() + " (commit " + commit() + ")",
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    static String version() {
        return property("version");
    }

    /** The abbreviated commit id, with "-dirty" when the build's work tree had uncommitted changes. */
    static String commit() {
        String commit = property("commit");
        return !"unknown".equals(commit) && "true".equals(property("dirty")) ? commit + "-dirty" : commit;
    }

    private static String property(String name) {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException unreadable) {
            return "unknown";
        }
        String value = properties.getProperty(name, "unknown");
        return value.isBlank() || value.startsWith("${") ? "unknown" : value;
    }
}
