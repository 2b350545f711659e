package dev.pbs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version from {@code version.properties}, which the build fills in. */
final class VersionProvider implements IVersionProvider {

    private static final String RESOURCE = "/dev/pbs/cli/version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {
            "pbs " + version(),
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
        return version.startsWith("${") ? "unknown" : version;
    }
}
