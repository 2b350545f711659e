/**
 * The profile file format: {@link dev.pbs.formats.profile.ProfileJson} reads and writes a latency
 * profile as JSON, with error messages that name the path of the offending field, and {@link
 * dev.pbs.formats.profile.DistributionJson} the distributions inside it. What is written is the
 * records {@link dev.pbs.formats.profile.ProfileDocument} and {@link
 * dev.pbs.formats.profile.DistributionDocument}; reading is by hand. Also the catalogue of
 * built-in profiles. Used alike by the command line, the REST service and the probe's output.
 */
package dev.pbs.formats.profile;
