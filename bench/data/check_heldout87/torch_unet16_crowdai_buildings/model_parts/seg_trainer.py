import torch
import torch.optim as optim
from torch.autograd import Variable
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.optim.lr_scheduler import ReduceLROnPlateau
import model_parts.meters as meters
from tqdm import tqdm
from collections import OrderedDict
import numpy as np
import model_parts.losses as seg_losses
import model_parts.helpers as helpers


class SegTrainer:
	def __init__(self, net, max_epochs):
		"""
		Fits the segmentation net and runs its predictions
		Args:
			net (nn.Module): the network to fit
			max_epochs (int): upper bound on the epochs run
		"""
		self.net = net
		self.max_epochs = max_epochs
		self.ep_count = 0
		self.on_gpu = torch.cuda.is_available()

	def restore_model(self, model_path):
		"""
			Load stored weights into the net
		Args:
			model_path (str): file with the stored weights

		"""
		self.net.load_state_dict(torch.load(model_path))

	def _objective(self, logits, labels):
		l = seg_losses.BCELoss2d().forward(logits, labels) + seg_losses.SoftDiceLoss().forward(logits, labels)
		return l

	def _check_epoch(self, chk_loader, threshold):
		loss_meter = meters.AverageMeter()
		dice_meter = meters.AverageMeter()

		n_it = len(chk_loader)
		bs = chk_loader.batch_size

		images = None  # last image batch kept
		targets = None  # last target batch kept
		preds = None  # last prediction batch kept
		with tqdm(total=n_it, desc="Checking", leave=False) as bar:
			for k, (images, targets) in enumerate(chk_loader):
				if self.on_gpu:
					images = images.cuda()
					targets = targets.cuda()

				# meant as inference only
				# (see the autograd notes on volatile)
				with torch.no_grad():
					images = Variable(images)
					targets = Variable(targets)

				# forward
				logits = self.net(images)
				probs = torch.sigmoid(logits)
				preds = (probs > threshold).float()

				loss = self._objective(logits, targets)
				score = seg_losses.dice_coeff(preds, targets)
				loss_meter.update(loss.item(), bs)
				dice_meter.update(score.item(), bs)
				bar.update(1)

		return loss_meter.avg, dice_meter.avg, images, targets, preds

	def _fit_epoch(self, fit_loader, opt, threshold):
		loss_meter = meters.AverageMeter()
		dice_meter = meters.AverageMeter()

		# batches per epoch
		bs = fit_loader.batch_size
		n_it = len(fit_loader)
		with tqdm(total=n_it,
				  desc="Epoch {}/{}".format(self.ep_count + 1, self.max_epochs),
				  bar_format='{l_bar}{bar}| {n_fmt}/{total_fmt} [{remaining}{postfix}]'
				  ) as bar:
			for k, (x, y) in enumerate(fit_loader):

				if self.on_gpu:
					x = x.cuda()
					y = y.cuda()
				x, y = Variable(x), Variable(y)

				# forward
				logits = self.net.forward(x)
				probs = torch.sigmoid(logits)
				pred = (probs > threshold).float()

				# backward and step
				loss = self._objective(logits, y)
				opt.zero_grad()
				loss.backward()
				opt.step()

				# running numbers
				score = seg_losses.dice_coeff(pred, y)

				loss_meter.update(loss.item(), bs)
				dice_meter.update(score.item(), bs)

				# bar text
				bar.set_postfix(OrderedDict(loss='{0:1.5f}'.format(loss.item()),
											 dice='{0:1.5f}'.format(score.item())))
				bar.update(1)
		return loss_meter.avg, dice_meter.avg

	@helpers.st_time(show_func_name=False)
	def _one_epoch(self, fit_loader: DataLoader, chk_loader: DataLoader,
				   opt, sched, threshold=0.5, callbacks=None):
		# training mode
		self.net.train()

		# one pass over the fit set
		fit_loss, fit_acc = self._fit_epoch(fit_loader, opt, threshold)

		# evaluation mode
		self.net.eval()

		# one pass over the check set
		chk_loss, chk_acc, last_images, last_targets, last_preds = self._check_epoch(chk_loader, threshold)

		# lower the learning rate on plateaus
		sched.step(chk_loss, self.ep_count)

		# hand the numbers to the callbacks
		if callbacks:
			for cb in callbacks:
				cb(step_name="epoch",
				   net=self.net,
				   last_val_batch=(last_images, last_targets, last_preds),
				   epoch_id=self.ep_count + 1,
				   train_loss=fit_loss, train_acc=fit_acc,
				   val_loss=chk_loss, val_acc=chk_acc
				   )
		print("fit_loss = {:03f}, fit_acc = {:03f}\n"
			  "chk_loss = {:03f}, chk_acc = {:03f}"
			  .format(fit_loss, fit_acc, chk_loss, chk_acc))
		self.ep_count += 1

	def train(self, fit_loader: DataLoader, chk_loader: DataLoader,
			  epochs, finetune  = False, threshold=0.5, callbacks=None):
		"""
			Fit the net
		Args:
			fit_loader (DataLoader): loader of the fit set
			chk_loader (DataLoader): loader of the check set
			epochs (int): how many epochs
			threshold (float): cut-off for a positive pixel
			callbacks (list): callables run after every epoch
		Returns:
			str, None: where the weights went, if anywhere
		"""
		if self.on_gpu:
			self.net.cuda()
		
		if finetune:
			lrs = np.array([1e-4,5e-3,1e-2])
			opt = optim.Adam(
					    [{"params": self.net.encoder.parameters(), "lr": lrs[0]},
					     {"params":self.net.center.parameters(), "lr": lrs[1]},
					    ], lr=lrs[2],
					    )
		else:
			opt = optim.Adam(filter(lambda p: p.requires_grad, self.net.parameters()))
		sched = ReduceLROnPlateau(opt, 'min', patience=2, verbose=True, min_lr=1e-7)

		for ep in range(epochs):
			self._one_epoch(fit_loader, chk_loader, opt, sched, threshold, callbacks)

		# final callback round
		if callbacks:
			for cb in callbacks:
				cb(step_name="train",
				   net=self.net,
				   epoch_id=self.ep_count + 1,
				   )



	@helpers.st_time(show_func_name=False)
	def predict(self, pred_loader, callbacks=None):
		"""
			Run the net over a loader and hand every
			batch of probabilities to the callbacks.
		Args:
			pred_loader (DataLoader): loader of unlabelled tiles
			callbacks (list): callables run on each prediction
		"""
		# evaluation mode
		self.net.eval()

		n_it = len(pred_loader)

		with tqdm(total=n_it, desc="Predicting") as bar:
			for k, (images, names) in enumerate(pred_loader):
				if self.on_gpu:
					images = images.cuda()

				images = Variable(images)

				# forward
				logits = self.net(images)
				probs = torch.sigmoid(logits)
				probs = probs.data.cpu().numpy()

				# hand the batch to the callbacks
				if callbacks:
					for cb in callbacks:
						cb(step_name="predict",
						   net=self.net,
						   probs=probs,
						   files_name=names
						   )

				bar.update(1)

	@helpers.st_time(show_func_name=False)
	def predict_image(self, image, callbacks=None):
		"""
			Run the net over a loader and hand every
			batch of probabilities to the callbacks.
		Args:
			pred_loader (DataLoader): loader of unlabelled tiles
			callbacks (list): callables run on each prediction
		"""
		# evaluation mode
		self.net.eval()

		n_it = len(pred_loader)

		with tqdm(total=n_it, desc="Predicting") as bar:
			for k, (images, names) in enumerate(pred_loader):
				if self.on_gpu:
					images = images.cuda()

				images = Variable(images)

				# forward
				logits = self.net(images)
				probs = torch.sigmoid(logits)
				probs = probs.data.cpu().numpy()

				# hand the batch to the callbacks
				if callbacks:
					for cb in callbacks:
						cb(step_name="predict",
						   net=self.net,
						   probs=probs,
						   files_name=names
						   )

				bar.update(1)
