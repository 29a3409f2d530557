import argparse

from app.trainers.bow_classifier_trainer import BowClassifierTrainer


def read_cli():
    cli = argparse.ArgumentParser()
    cli.add_argument('--train-data-path', type=str, default="data/train.csv", dest="train_data_path",
                     help='CSV with the preprocessed training reviews.')
    cli.add_argument('--model-checkpoint', type=str, default="checkpoints/bow_model.pt", dest="model_checkpoint",
                     help='Where the fitted model is written.')
    cli.add_argument('--vocab-checkpoint', type=str, default="checkpoints/bow_vocab.txt", dest="vocab_checkpoint",
                     help='Where the word list of the bag-of-words encoder is written.')
    cli.add_argument('--num-epochs', type=int, default=3, dest="num_epochs",
                     help='How many passes over the training data.')
    return cli.parse_args()


if __name__ == '__main__':
    opts = read_cli()
    runner = BowClassifierTrainer()
    runner.train(train_data_path=opts.train_data_path,
                 model_checkpoint_path=opts.model_checkpoint,
                 vocab_checkpoint_path=opts.vocab_checkpoint,
                 num_epochs=opts.num_epochs)
