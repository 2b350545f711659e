package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ./pbs} command in the documentation's {@code sh} blocks (README.md, CONTRIBUTING.md,
 * docs/*.md) is checked: each parses (its subcommand and options exist and their values convert),
 * and those that need no cluster or server ({@code predict}, {@code profile}, {@code tune},
 * {@code fit}, {@code --help}) run, in the order the documents give them, in one working folder,
 * so a file one writes ({@code > mine.json}) is there for the next to read. A command whose input
 * file only a cluster makes ({@code p.json} from the probe) is parsed, not run. Runs use at most
 * {@value #TRIALS_WHEN_RUN} trials (what is checked is that the command works, not its figures),
 * which keeps the test to seconds.
 */
class DocumentedCommandsTest {

    /** Subcommands that need nothing but the jar. */
    private static final Set<String> RUNNABLE = Set.of("predict", "profile", "tune", "fit");

    /** Trials of a documented command when it runs here. */
    private static final long TRIALS_WHEN_RUN = 100_000;

    @TempDir
    Path folder;

    @Test
    void everyDocumentedCommand_parsesAndTheLocalOnesRun() throws IOException {
        List<DocumentedCommand> commands = documentedCommands();
        assertThat(commands).hasSizeGreaterThan(30);
        int ran = 0;
        for (DocumentedCommand command : commands) {
            List<String> args = command.argumentsIn(folder);
            PbsCommandLine.configured().parseArgs(args.toArray(String[]::new));
            if (isRunnable(args)) {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int status = PbsCommandLine.execute(
                        new PrintWriter(out),
                        new PrintWriter(err),
                        false,
                        withFewerTrials(args).toArray(String[]::new));
                assertThat(status).as(command + "\n" + err).isZero();
                if (command.redirect() != null) {
                    Files.writeString(folder.resolve(command.redirect()), out.toString());
                }
                ran++;
            }
        }
        assertThat(ran).as("commands run").isGreaterThan(15);
    }

    @Test
    void joinedContinuations_joinsABackslashedLineToTheNext() {
        assertThat(joinedContinuations(
                        List.of("```sh", "./pbs predict --profile lnkd-ssd \\", "    --n 3 --all", "```")))
                .containsExactly("```sh", "./pbs predict --profile lnkd-ssd  --n 3 --all", "```");
    }

    private static List<String> withFewerTrials(List<String> args) {
        if (args.isEmpty() || !(args.get(0).equals("predict") || args.get(0).equals("tune"))) {
            return args;
        }
        List<String> fewer = new ArrayList<>(args);
        int trials = fewer.indexOf("--trials");
        if (trials < 0) {
            fewer.add("--trials");
            fewer.add(Long.toString(TRIALS_WHEN_RUN));
        } else if (Long.parseLong(fewer.get(trials + 1)) > TRIALS_WHEN_RUN) {
            fewer.set(trials + 1, Long.toString(TRIALS_WHEN_RUN));
        }
        return fewer;
    }

    private boolean isRunnable(List<String> args) {
        if (args.isEmpty() || args.contains("--help")) {
            return true;
        }
        if (!RUNNABLE.contains(args.get(0))) {
            return false;
        }
        // A file the documents read but only a cluster writes (a probe's profile) is not here.
        int file = args.indexOf("--profile-file");
        return file < 0 || Files.exists(Path.of(args.get(file + 1)));
    }

    private static List<DocumentedCommand> documentedCommands() throws IOException {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        assertThat(root.resolve("README.md")).exists();
        List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        List<DocumentedCommand> commands = new ArrayList<>();
        for (Path document : documents) {
            boolean inShellBlock = false;
            for (String line : joinedContinuations(Files.readAllLines(document))) {
                if (line.startsWith("```")) {
                    inShellBlock = line.equals("```sh");
                } else if (inShellBlock && line.trim().startsWith("./pbs")) {
                    commands.add(DocumentedCommand.parse(document.getFileName() + ": " + line.trim(), line.trim()));
                }
            }
        }
        return commands;
    }

    /** The lines with each shell continuation (a line ending in a backslash) joined to the next. */
    static List<String> joinedContinuations(List<String> lines) {
        List<String> joined = new ArrayList<>();
        StringBuilder pending = null;
        for (String line : lines) {
            String stripped = line.stripTrailing();
            boolean continues = stripped.endsWith("\\");
            String part = continues ? stripped.substring(0, stripped.length() - 1) : line;
            if (pending == null) {
                pending = new StringBuilder(part);
            } else {
                pending.append(' ').append(part.strip());
            }
            if (!continues) {
                joined.add(pending.toString());
                pending = null;
            }
        }
        if (pending != null) {
            joined.add(pending.toString());
        }
        return joined;
    }
}
