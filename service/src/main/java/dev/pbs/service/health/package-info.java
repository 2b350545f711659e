/** Health checks that exercise the real engine. */
package dev.pbs.service.health;
