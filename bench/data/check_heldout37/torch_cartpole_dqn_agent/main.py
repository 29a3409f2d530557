#!/usr/bin/env python3
# encoding: utf-8
import argparse
from agent import CartPoleAgent


if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--cuda", default=True, help="use the GPU when present")
    cli.add_argument("--gamma", default=0.9, help="discount factor")
    cli.add_argument("--lr", default=1e-4, help="Adam step size")
    cli.add_argument("--buffer_size", default=2000, help="replay deque length")
    cli.add_argument("--mini_batch", default=512, help="transitions per update")
    cli.add_argument("--epsilon", default=1.0, help="initial exploration rate")
    cli.add_argument("--epsilon_min", default=0.001, help="exploration floor")
    cli.add_argument("--epsilon_decay", default=0.999, help="exploration multiplier per step")
    cli.add_argument("--reward_boundary", default=250, help="stop when the 10-episode mean reaches this")
    cli.add_argument("--training", default=False, help="train before testing")
    args = cli.parse_args()

    runner = CartPoleAgent('CartPole-v1', args)
    if args.training:
        runner.train_loop()
    runner.test("training-best.dat")
    pass
