package dev.pbs.cli;

import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.report.FitJson;
import dev.pbs.formats.report.FitProvenance;
import dev.pbs.formats.report.FitTable;
import dev.pbs.model.fitting.ProfileFit;
import dev.pbs.model.fitting.ProfileFitter;
import dev.pbs.model.profile.LatencyProfile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pbs fit}: replaces each measured (empirical) delay of a profile file by the better of the
 * paper's Pareto-exponential mixture and a lognormal, and writes the result as a profile file.
 */
@Command(
        name = "fit",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Fits every measured (empirical) delay of a profile file, the defaults' W, A, R, S and every "
                    + "per-replica override, with the paper's form (Pareto(xm, alpha) with probability 1-p, "
                    + "Exponential(lambda) with probability p) and with a lognormal; keeps the better by NRMSE and writes "
                    + "a profile file that predict accepts. Other delays are kept as they are.",
            ""
        },
        footer = {
            "",
            "NRMSE: root-mean-square difference of ln(quantile), fitted against measured, at p = 0.01, 0.02, "
                    + "..., 0.99, 0.995, 0.999, divided by the measured ln Q(0.999) - ln Q(0.01).",
            "A profile without an empirical delay has nothing to fit: exit status 2.",
            "Example: pbs fit --profile-file measured.json --out fitted.json"
        })
final class FitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(
            names = "--profile-file",
            required = true,
            paramLabel = "FILE",
            description = "The measured profile, in the JSON profile format.")
    private Path input;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE",
            description = "Where to write the fitted profile; replaced atomically, never the --profile-file.")
    private Path out;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The fitted profile's name (default: the measured profile's name + '-fitted').")
    private String name;

    @Option(
            names = "--format",
            paramLabel = "table|json",
            defaultValue = "table",
            description = "Report: a table for people or JSON for tools (default: ${DEFAULT-VALUE}).")
    private OutputFormat format;

    @Override
    public Integer call() {
        boolean json = format == OutputFormat.JSON;
        if (name != null && name.isBlank()) {
            throw new IllegalArgumentException("--name must not be blank");
        }
        LatencyProfile measured = ProfileJson.readFile(input);
        OutputFile output = new OutputFile("--out", out);
        output.requireWritableInsteadOf(input);
        ProfileFit fit;
        try {
            fit = new ProfileFitter().fit(measured);
        } catch (IllegalArgumentException nothingToFit) {
            throw new IllegalArgumentException(
                    "profile file " + input + ": " + nothingToFit.getMessage(), nothingToFit);
        }
        String source = input.toString();
        LatencyProfile fitted =
                fit.fittedProfile(name != null ? name : measured.name() + "-fitted", FitProvenance.text(fit, source));
        output.writeAtomically(ProfileJson.writeString(fitted));
        spec.commandLine()
                .getOut()
                .print(
                        json
                                ? FitJson.toText(fit, source, out.toString(), fitted)
                                : FitTable.render(fit, source, out.toString(), fitted));
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
