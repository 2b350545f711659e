package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.BuiltInProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code pbs fit} exits with status 2, one line on stderr, nothing on stdout and no file written. */
class FitBadInputTest {

    @TempDir
    Path directory;

    @Test
    void fit_missingProfileFile_exitsTwoNamingTheFile() {
        Path missing = directory.resolve("nowhere.json");

        assertBadInput(fit(missing, directory.resolve("fitted.json")), "profile file " + missing + ": no such file");
        assertThat(directory.resolve("fitted.json")).doesNotExist();
    }

    @Test
    void fit_malformedProfileFile_exitsTwoWithLineAndColumn() throws IOException {
        Path file = Files.writeString(directory.resolve("broken.json"), "{\"name\": \"x\",\n  \"default\": }\n");

        assertBadInput(
                fit(file, directory.resolve("fitted.json")), "profile file " + file + ": not valid JSON at line 2");
    }

    @Test
    void fit_profileWithoutMeasuredDelays_exitsTwoSayingThereIsNothingToFit() throws IOException {
        Path file = MeasuredProfileFiles.write(
                directory, "lnkd-disk.json", BuiltInProfiles.named("lnkd-disk").orElseThrow());
        Path out = directory.resolve("fitted.json");

        assertBadInput(
                fit(file, out),
                "profile file " + file + ": nothing to fit: profile 'lnkd-disk' has no "
                        + "empirical (measured) distribution among its default or per-replica delays");
        assertThat(out).doesNotExist();
    }

    @Test
    void fit_outIsTheProfileFile_exitsTwoAndLeavesItAlone() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        String before = Files.readString(file);

        assertBadInput(fit(file, file), "--out " + file + " is the input file: refusing to overwrite it");
        assertThat(Files.readString(file)).isEqualTo(before);
    }

    @Test
    void fit_outIsTheProfileFileByAnotherPath_exitsTwo() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path sameFile = directory.resolve("sub").resolve("..").resolve("measured.json");
        Files.createDirectory(directory.resolve("sub"));

        assertBadInput(fit(file, sameFile), "is the input file: refusing to overwrite it");
    }

    @Test
    void fit_outInAMissingDirectory_exitsTwo() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());
        Path out = directory.resolve("no-such-directory").resolve("fitted.json");

        assertBadInput(
                fit(file, out),
                "cannot write --out " + out + ": no such directory " + directory.resolve("no-such-directory"));
    }

    @Test
    void fit_outIsADirectory_exitsTwo() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());

        assertBadInput(fit(file, directory), "cannot write --out " + directory + ": it is a directory");
    }

    @Test
    void fit_unknownFormat_exitsTwo() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());

        assertBadInput(
                CommandLineRun.of(
                        "fit",
                        "--profile-file",
                        file.toString(),
                        "--out",
                        directory.resolve("fitted.json").toString(),
                        "--format",
                        "xml"),
                "Invalid value for option '--format': expected one of [TABLE, JSON] (case-insensitive) but was 'xml'");
    }

    @Test
    void fit_blankName_exitsTwo() throws IOException {
        Path file = MeasuredProfileFiles.write(directory, "measured.json", MeasuredProfileFiles.measured());

        assertBadInput(
                CommandLineRun.of(
                        "fit",
                        "--profile-file",
                        file.toString(),
                        "--out",
                        directory.resolve("fitted.json").toString(),
                        "--name",
                        " "),
                "--name must not be blank");
    }

    @Test
    void fit_withoutOut_exitsTwoNamingIt() {
        assertBadInput(
                CommandLineRun.of("fit", "--profile-file", "measured.json"), "Missing required option: '--out=FILE'");
    }

    @Test
    void fit_profileFileInvalidForTheModel_exitsTwoNamingPathAndRule() {
        Path file = CommandLineRun.resource("profiles/bad-pareto-alpha.json");

        assertBadInput(
                fit(file, directory.resolve("fitted.json")),
                "profile file " + file + ": default.w.alpha: pareto alpha must be finite and > 0, was -1.0");
    }

    @Test
    void pbs_noCommand_listsFitAmongTheCommands() {
        assertBadInput(
                CommandLineRun.of(),
                "a command is needed: serve, predict, tune, profile, fit, cassandra, probe or fidelity");
    }

    private static CommandLineRun fit(Path profileFile, Path out) {
        return CommandLineRun.of("fit", "--profile-file", profileFile.toString(), "--out", out.toString());
    }

    private static void assertBadInput(CommandLineRun run, String expected) {
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
