package dev.pbs.service.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.service.core.ProfileStore.Result;
import dev.pbs.service.core.ProfileStore.StoredProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileStoreTest {

    @TempDir
    Path dataDirectory;

    @Test
    void open_emptyDirectory_listsTheBuiltInProfilesOnly() {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.list()).extracting(StoredProfile::profile).isEqualTo(BuiltInProfiles.all());
        assertThat(store.list()).extracting(StoredProfile::origin).containsOnly(ProfileStore.BUILT_IN);
        assertThat(store.loadProblems()).isEmpty();
        assertThat(dataDirectory.resolve("profiles")).isDirectory();
    }

    @Test
    void open_missingDataDirectory_createsIt() {
        Path missing = dataDirectory.resolve("a/b");

        ProfileStore.open(missing);

        assertThat(missing.resolve("profiles")).isDirectory();
    }

    @Test
    void put_newName_createsAndFindFindsIt() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        LatencyProfile profile = profile("mine", "first");

        assertThat(store.put("mine", profile)).isEqualTo(Result.CREATED);

        assertThat(store.find("mine")).contains(new StoredProfile(profile, ProfileStore.UPLOADED));
        assertThat(dataDirectory.resolve("profiles/mine.json")).isRegularFile();
        assertThat(ProfileJson.readFile(dataDirectory.resolve("profiles/mine.json")))
                .isEqualTo(profile);
    }

    @Test
    void put_existingName_replaces() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        store.put("mine", profile("mine", "first"));

        assertThat(store.put("mine", profile("mine", "second"))).isEqualTo(Result.REPLACED);

        assertThat(store.find("mine").orElseThrow().profile().description()).isEqualTo("second");
        assertThat(ProfileStore.open(dataDirectory)
                        .find("mine")
                        .orElseThrow()
                        .profile()
                        .description())
                .isEqualTo("second");
    }

    @Test
    void put_profileNamedOtherwise_storesItUnderThePathName() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        LatencyProfile profile = profile("inside-name", "text");

        store.put("path-name", profile);

        LatencyProfile stored = store.find("path-name").orElseThrow().profile();
        assertThat(stored.name()).isEqualTo("path-name");
        assertThat(stored).isEqualTo(profile("path-name", "text"));
        assertThat(store.find("inside-name")).isEmpty();
    }

    @Test
    void put_builtInName_isAConflict() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        LatencyProfile builtIn = BuiltInProfiles.named("lnkd-ssd").orElseThrow();

        assertThatThrownBy(() -> store.put("lnkd-ssd", builtIn))
                .isInstanceOf(ProfileConflictException.class)
                .hasMessage("profile 'lnkd-ssd' is built in and cannot be replaced");
        assertThat(dataDirectory.resolve("profiles/lnkd-ssd.json")).doesNotExist();
    }

    @Test
    void put_invalidName_isRefusedBeforeAnyFileIsWritten() throws IOException {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThatThrownBy(() -> store.put("../escape", profile("x", "y")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("profile name");
        assertThat(filesIn(dataDirectory)).containsExactly(dataDirectory.resolve("profiles"));
        assertThat(filesIn(dataDirectory.resolve("profiles"))).isEmpty();
    }

    @Test
    void list_uploadedProfiles_comeAfterTheBuiltInOnesSortedByName() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        store.put("zeta", profile("zeta", ""));
        store.put("alpha", profile("alpha", ""));
        store.put("Mid", profile("Mid", ""));

        List<String> names = store.list().stream().map(StoredProfile::name).toList();

        assertThat(names)
                .containsExactly("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions", "Mid", "alpha", "zeta");
        assertThat(store.list().subList(0, 5)).extracting(StoredProfile::origin).containsOnly(ProfileStore.BUILT_IN);
        assertThat(store.list().subList(5, 8)).extracting(StoredProfile::origin).containsOnly(ProfileStore.UPLOADED);
    }

    @Test
    void find_builtInName_findsTheBuiltInProfile() {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("wan"))
                .contains(new StoredProfile(BuiltInProfiles.named("wan").orElseThrow(), ProfileStore.BUILT_IN));
    }

    @Test
    void find_unknownOrInvalidName_isEmpty() {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("nothing")).isEmpty();
        assertThat(store.find("../etc/passwd")).isEmpty();
        assertThat(store.find(null)).isEmpty();
    }

    @Test
    void delete_uploadedProfile_removesTheFileAndTheEntry() {
        ProfileStore store = ProfileStore.open(dataDirectory);
        store.put("mine", profile("mine", "first"));

        assertThat(store.delete("mine")).isTrue();

        assertThat(store.find("mine")).isEmpty();
        assertThat(dataDirectory.resolve("profiles/mine.json")).doesNotExist();
        assertThat(ProfileStore.open(dataDirectory).find("mine")).isEmpty();
    }

    @Test
    void delete_absentName_isFalse() {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.delete("nothing")).isFalse();
    }

    @Test
    void delete_builtInName_isAConflict() {
        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThatThrownBy(() -> store.delete("ymmr"))
                .isInstanceOf(ProfileConflictException.class)
                .hasMessage("profile 'ymmr' is built in and cannot be deleted");
        assertThat(store.find("ymmr")).isPresent();
    }

    @Test
    void open_again_findsTheUploadedProfileEqualToWhatWasPut() {
        LatencyProfile profile = richProfile("rich");
        ProfileStore.open(dataDirectory).put("rich", profile);

        ProfileStore reopened = ProfileStore.open(dataDirectory);

        assertThat(reopened.find("rich")).contains(new StoredProfile(profile, ProfileStore.UPLOADED));
        assertThat(reopened.loadProblems()).isEmpty();
    }

    @Test
    void open_leftoverTemporaryFiles_areDeleted() throws IOException {
        Path directory = Files.createDirectories(dataDirectory.resolve("profiles"));
        Files.writeString(directory.resolve(".mine.0123456789abcdef.tmp"), "{\"name\": \"mi");
        Files.writeString(directory.resolve("other.tmp"), "");
        ProfileStore.open(dataDirectory).put("mine", profile("mine", "kept"));

        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(filesIn(directory)).containsExactly(directory.resolve("mine.json"));
        assertThat(store.find("mine").orElseThrow().profile().description()).isEqualTo("kept");
        assertThat(store.loadProblems()).isEmpty();
    }

    @Test
    void open_corruptFile_isSkippedAndReportedAndKept() throws IOException {
        Path directory = Files.createDirectories(dataDirectory.resolve("profiles"));
        Path corrupt = directory.resolve("broken.json");
        Files.writeString(corrupt, "{\"name\": \"broken\", \"default\": ");
        ProfileStore.open(dataDirectory).put("fine", profile("fine", ""));

        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("broken")).isEmpty();
        assertThat(store.find("fine")).isPresent();
        assertThat(store.loadProblems())
                .singleElement()
                .asString()
                .startsWith("profile file " + corrupt + ": not valid JSON")
                .endsWith("; skipped")
                .doesNotContain("\n");
        assertThat(corrupt).exists();
    }

    @Test
    void open_fileThatBreaksAProfileRule_isReportedWithItsJsonPath() throws IOException {
        Path directory = Files.createDirectories(dataDirectory.resolve("profiles"));
        String json = ProfileJson.writeString(profile("bad", "")).replace("\"value_ms\" : 1.0", "\"value_ms\" : -1");
        Files.writeString(directory.resolve("bad.json"), json);

        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("bad")).isEmpty();
        assertThat(store.loadProblems())
                .singleElement()
                .asString()
                .startsWith("profile file " + directory.resolve("bad.json") + ": default.");
    }

    @Test
    void open_fileWithABuiltInOrInvalidName_isSkippedAndReported() throws IOException {
        Path directory = Files.createDirectories(dataDirectory.resolve("profiles"));
        Files.writeString(directory.resolve("wan.json"), ProfileJson.writeString(profile("wan", "shadow")));
        Files.writeString(directory.resolve(".hidden.json"), ProfileJson.writeString(profile("hidden", "")));

        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("wan").orElseThrow().origin()).isEqualTo(ProfileStore.BUILT_IN);
        assertThat(store.loadProblems())
                .containsExactly(
                        "profile file " + directory.resolve(".hidden.json")
                                + ": the file name is not a valid profile name; " + "skipped",
                        "profile file " + directory.resolve("wan.json") + ": 'wan' is the name of a built-in profile; "
                                + "skipped");
    }

    @Test
    void open_fileNamedOtherwiseInside_isLoadedUnderItsFileName() throws IOException {
        Path directory = Files.createDirectories(dataDirectory.resolve("profiles"));
        Files.writeString(directory.resolve("copy.json"), ProfileJson.writeString(profile("original", "text")));

        ProfileStore store = ProfileStore.open(dataDirectory);

        assertThat(store.find("copy").orElseThrow().profile()).isEqualTo(profile("copy", "text"));
    }

    @Test
    void put_concurrentlyToOneName_leavesOneOfTheVersionsAndNoTemporaryFiles() throws Exception {
        ProfileStore store = ProfileStore.open(dataDirectory);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Result>> puts = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                LatencyProfile version = profile("shared", "version " + i);
                puts.add(() -> store.put("shared", version));
            }
            List<Result> results = new ArrayList<>();
            for (Future<Result> done : threads.invokeAll(puts)) {
                results.add(done.get());
            }
            assertThat(results).containsOnlyOnce(Result.CREATED);
        } finally {
            threads.shutdownNow();
        }

        LatencyProfile inMemory = store.find("shared").orElseThrow().profile();
        Path directory = dataDirectory.resolve("profiles");
        assertThat(ProfileJson.readFile(directory.resolve("shared.json"))).isEqualTo(inMemory);
        assertThat(filesIn(directory)).containsExactly(directory.resolve("shared.json"));
    }

    static LatencyProfile profile(String name, String description) {
        return LatencyProfile.builder(name)
                .description(description)
                .provenance("ProfileStoreTest")
                .defaults(MessageDelays.all(Constant.of(1)))
                .build();
    }

    static LatencyProfile richProfile(String name) {
        return LatencyProfile.builder(name)
                .description("per-replica overrides and datacenters")
                .provenance("ProfileStoreTest")
                .defaults(new MessageDelays(
                        Exponential.ofMean(0.5), Pareto.of(0.2, 3), Constant.of(0.1), Exponential.ofRate(2)))
                .replicaOverrides(List.of(
                        DelayOverrides.NONE,
                        new DelayOverrides(Pareto.of(1.05, 1.51), null, null, null),
                        DelayOverrides.NONE))
                .topology(DatacenterTopology.explicit(
                        new int[] {0, 0, 1}, Constant.of(40), CoordinatorPlacement.fixed(0)))
                .build();
    }

    static List<Path> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted().toList();
        }
    }
}
