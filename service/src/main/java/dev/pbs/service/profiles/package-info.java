/**
 * Latency profiles at the service's edge: the profile-file JSON format ({@link
 * dev.pbs.service.profiles.ProfileJson}, {@link dev.pbs.service.profiles.DistributionJson}) and
 * the catalogue of built-in profiles. Independent of the command line, so the REST service can
 * reuse it.
 */
package dev.pbs.service.profiles;
