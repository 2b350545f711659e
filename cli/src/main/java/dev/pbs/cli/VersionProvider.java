package dev.pbs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The release and the commit it was built from: {@code version.properties}, which the build fills
 * in, and {@code commit.txt}, which it writes from git (the abbreviated commit id, "-dirty" after it
 * when the work tree had uncommitted changes; "unknown" when the build had no git work tree).
 */
final class VersionProvider implements IVersionProvider {

    private static final String RESOURCE = "/dev/pbs/cli/version.properties";
    private static final String COMMIT = "/dev/pbs/cli/commit.txt";

    @Override
    public String[] getVersion() {
        return new String[] {
            "pbs " + version() + " (commit " + commit() + ")",
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    static String version() {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException unreadable) {
            return "unknown";
        }
        String version = properties.getProperty("version", "unknown");
        return version.isBlank() || version.startsWith("${") ? "unknown" : version;
    }

    /** The abbreviated commit id, with "-dirty" when the build's work tree had uncommitted changes. */
    static String commit() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(COMMIT)) {
            String commit = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            return commit.matches("[0-9a-f]{7,40}(-dirty)?") ? commit : "unknown";
        } catch (IOException unreadable) {
            return "unknown";
        }
    }
}
