package dev.pbs.cli;

import dev.pbs.formats.profile.ProfileCatalog;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.LatencyProfile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pbs profile}: lists the built-in profiles, prints one in the profile-file format (a
 * starting point for your own), or checks a profile file.
 */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Without arguments: lists the built-in latency profiles. With NAME: prints that profile in "
                    + "the JSON profile format. With --profile-file: checks a profile file and prints it back.",
            ""
        })
final class ProfileCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "A built-in profile to print as JSON.")
    private String name;

    @Option(names = "--profile-file", paramLabel = "FILE", description = "A profile file to check.")
    private Path file;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (name != null && file != null) {
            throw new IllegalArgumentException("give either NAME or --profile-file, not both");
        }
        if (file != null) {
            out.print(ProfileJson.writeString(ProfileJson.readFile(file)));
        } else if (name != null) {
            out.print(ProfileJson.writeString(ProfileCatalog.require(name)));
        } else {
            int width = ProfileCatalog.names().stream()
                    .mapToInt(String::length)
                    .max()
                    .orElse(0);
            for (LatencyProfile profile : ProfileCatalog.all()) {
                out.printf("%-" + width + "s %s%n", profile.name(), profile.description());
            }
        }
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
