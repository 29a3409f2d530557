# NeuMF on MovieLens 25M: entry point

from recommender import NeuMFTrainer
import numpy as np
np.random.seed(196)


def main():
  """Fit the NeuMF trainer on MovieLens 25M."""
  trainer = NeuMFTrainer(device='cuda')
  # small batches train poorly here
  trainer.train(n_epochs=10, batch_size=1024, lr=0.01)


if __name__ == '__main__':
  main()
