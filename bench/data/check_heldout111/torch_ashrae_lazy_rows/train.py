import torch
import torch.optim as optim

from torch.utils.data import DataLoader

from torch import nn

from net import PlaceholderNet

from dataset import MeterReadings

import copy
import numpy as np






def run_training(net = None, loss_fn = None, n_epochs = 1, batch_size = 1, lr = 0.001):
	"""
	Loops over the readings in minibatches: forward, loss, backward, step.
	Stops early after a few batches (smoke test).

	"""


	opt = optim.Adam(net.parameters(), lr = lr)




	kept_model = None

	rows = MeterReadings('train.csv', 'building_metadata.csv', 'weather_train.csv')

	best_score = 0

	for ep in range(n_epochs):
		loss_acc = 0.0
		loader = DataLoader(rows, batch_size = batch_size)
		mean_loss = 0
		print('')
		n_items = len(loader.dataset)
		print(len(loader))
		for step, sample in enumerate(loader, 0):
			if step == 10:
				break


			x, y = sample



			opt.zero_grad()


			y_hat = net(x)



			l = loss_fn(y_hat, y)


			l.backward()


			opt.step()


			loss_acc += l.item()


			if step % 10 == 9:
				mean_loss = loss_acc/10
				print(step, mean_loss)

				loss_acc = 0.0


















	return kept_model


run_training(	net = PlaceholderNet(),
		loss_fn = nn.MSELoss())