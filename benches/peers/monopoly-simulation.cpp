// Timing driver for the C++ peer, MC-DeltaT/monopoly-simulation (not part of Boardside and
// never built by cargo): `side-by-side` compiles it against the peer's headers. It plays N
// games of at most 250 rounds with the peer's default strategies on one thread and prints the
// games, the rounds per game and the CPU seconds; player-turns are rounds x 4 players.
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>
#include "simulation.hpp"
#include "statistics.hpp"

static double cpu_seconds() {
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

int main(int argc, char** argv) {
    std::size_t games = argc > 1 ? std::atol(argv[1]) : 20000;
    monopoly::player_strategies_t strategies{};
    monopoly::random_t random{12345u};
    double start = cpu_seconds();
    monopoly::run_simulations(strategies, random, games, 250);
    double used = cpu_seconds() - start;
    monopoly::statistics_t stats{monopoly::stat_counters};
    std::printf("games %zu rounds/game %.2f cpu %.4f\n", games, stats.avg_rounds_per_game(), used);
}
