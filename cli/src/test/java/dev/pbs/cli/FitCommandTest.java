package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.profile.LatencyProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FitCommandTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();

    @TempDir
    Path directory;

    @Test
    void fit_measuredProfileFile_writesAFittedProfileThatPredictAccepts() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path fitted = directory.resolve("fitted.json");

        CommandLineRun fit =
                CommandLineRun.of("fit", "--profile-file", measured.toString(), "--out", fitted.toString());

        assertThat(fit.status()).as(fit.err()).isZero();
        assertThat(fit.err()).isEmpty();
        LatencyProfile profile = ProfileJson.readFile(fitted);
        assertThat(profile.name()).isEqualTo("measured-fitted");
        assertThat(profile.defaults().write()).isInstanceOf(Mixture.class);
        assertThat(profile.defaults().acknowledgement()).isInstanceOf(LogNormal.class);
        assertThat(profile.defaults().read()).isEqualTo(Pareto.of(0.2, 8));
        assertThat(profile.defaults().response()).isEqualTo(profile.defaults().acknowledgement());
        assertThat(profile.replicaOverrides()).hasSize(3);
        assertThat(profile.replicaOverrides().get(2).write()).isInstanceOf(LogNormal.class);
        assertThat(profile.provenance())
                .startsWith("Fitted by pbs fit from profile file " + measured + " (profile 'measured')")
                .contains("default.w: Pareto-exponential mixture, NRMSE ")
                .contains("replicas[2].w: lognormal, NRMSE ")
                .contains("NRMSE: root-mean-square difference of ln")
                .endsWith("Provenance of the measured profile: drawn by the test with fixed seeds");

        CommandLineRun predict = CommandLineRun.of(
                "predict", "--profile-file", fitted.toString(), "--n", "3", "--r", "1", "--w", "1", "--trials", "5000");

        assertThat(predict.status()).as(predict.err()).isZero();
        assertThat(predict.out()).contains("profile measured-fitted, N=3");
    }

    @Test
    void fit_jsonFormat_reportsBothCandidatesOfEveryMeasuredDelay() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path fitted = directory.resolve("fitted.json");

        CommandLineRun run = CommandLineRun.of(
                "fit", "--profile-file", measured.toString(), "--out", fitted.toString(), "--format", "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode report = MAPPER.readTree(run.out());
        assertThat(report.get("measured").get("profile").asText()).isEqualTo("measured");
        assertThat(report.get("fitted").get("file").asText()).isEqualTo(fitted.toString());
        assertThat(report.get("probabilities")).hasSize(101);
        JsonNode fits = report.get("fits");
        assertThat(fits)
                .extracting(fit -> fit.get("delay").asText())
                .containsExactly("default.w", "default.a", "default.s", "replicas[2].w");
        assertThat(fits)
                .extracting(fit -> fit.get("chosen").asText())
                .containsExactly("pareto-exponential", "lognormal", "lognormal", "lognormal");
        JsonNode write = fits.get(0);
        assertThat(write.get("replica").isNull()).isTrue();
        assertThat(write.get("observations").asLong()).isEqualTo(50_000);
        JsonNode mixture = write.get("candidates").get(0);
        assertThat(mixture.get("form").asText()).isEqualTo("pareto-exponential");
        assertThat(mixture.get("converged").asBoolean()).isTrue();
        assertThat(mixture.get("parameters").get("xm_ms").asDouble()).isBetween(1.0, 1.1);
        assertThat(mixture.get("distribution").get("type").asText()).isEqualTo("mixture");
        double mixtureError = mixture.get("nrmse").asDouble();
        double logNormalError = write.get("candidates").get(1).get("nrmse").asDouble();
        assertThat(mixtureError).isPositive().isLessThan(logNormalError);
        assertThat(fits.get(3).get("replica").asInt()).isEqualTo(2);
        assertThat(report.get("kept"))
                .extracting(kept ->
                        kept.get("delay").asText() + " " + kept.get("type").asText())
                .containsExactly("default.r pareto");
    }

    @Test
    void fit_tableFormat_listsEachDelayTheKeptOnesAndTheDefinition() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());

        CommandLineRun run = CommandLineRun.of(
                "fit",
                "--profile-file",
                measured.toString(),
                "--out",
                directory.resolve("fitted.json").toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out().lines().findFirst().orElseThrow())
                .isEqualTo("pbs fit: profile measured from "
                        + measured + ", 4 measured delays; written to " + directory.resolve("fitted.json")
                        + " as profile measured-fitted");
        assertThat(run.out())
                .contains("delay          chosen              parameters")
                .containsPattern("default\\.w +pareto-exponential +\\d+\\.\\d\\d% Pareto\\(xm=1\\.0\\d+ ms, alpha=")
                // mu = 2 drawn 50,000 times with sigma 0.7: a standard error of 0.003.
                .containsPattern("replicas\\[2\\]\\.w +lognormal +LogNormal\\(mu=(1\\.99|2\\.00)")
                .contains("Kept as they are (not measured): default.r (pareto)")
                .contains("NRMSE: root-mean-square difference of ln(quantile)");
    }

    @Test
    void fit_nameGiven_namesTheFittedProfile() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path fitted = directory.resolve("fitted.json");

        CommandLineRun run = CommandLineRun.of(
                "fit", "--profile-file", measured.toString(), "--out", fitted.toString(), "--name", "cluster-7");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(ProfileJson.readFile(fitted).name()).isEqualTo("cluster-7");
    }

    @Test
    void fit_existingOut_isReplacedLeavingNoTemporaryFile() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path fitted = Files.writeString(directory.resolve("fitted.json"), "an older fit");

        CommandLineRun run =
                CommandLineRun.of("fit", "--profile-file", measured.toString(), "--out", fitted.toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(ProfileJson.readFile(fitted).name()).isEqualTo("measured-fitted");
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder("measured.json", "fitted.json");
        }
    }

    @Test
    void fit_sameInputTwice_writesTheSameFile() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path first = directory.resolve("first.json");
        Path second = directory.resolve("second.json");

        CommandLineRun.of("fit", "--profile-file", measured.toString(), "--out", first.toString(), "--name", "x");
        CommandLineRun.of("fit", "--profile-file", measured.toString(), "--out", second.toString(), "--name", "x");

        assertThat(Files.readString(second).replace(second.toString(), ""))
                .isEqualTo(Files.readString(first).replace(first.toString(), ""));
    }

    @Test
    void fit_fittedFile_hasNoMeasuredDelayLeft() throws Exception {
        Path measured = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path fitted = directory.resolve("fitted.json");

        CommandLineRun.of("fit", "--profile-file", measured.toString(), "--out", fitted.toString());

        LatencyProfile profile = ProfileJson.readFile(fitted);
        assertThat(Stream.of(
                        profile.defaults().write(),
                        profile.defaults().acknowledgement(),
                        profile.defaults().read(),
                        profile.defaults().response(),
                        profile.replicaOverrides().get(2).write()))
                .noneMatch(Empirical.class::isInstance);
    }
}
