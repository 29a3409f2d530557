import argparse


def cli():
    cli = argparse.ArgumentParser(description='BiLSTM part-of-speech tagger')

    #
    cli.add_argument('train', type=str, help='training file')
    cli.add_argument('validation', type=str, help='dev file')
    cli.add_argument('test', type=str, help='test file')

    ns = cli.parse_args()

    return ns
