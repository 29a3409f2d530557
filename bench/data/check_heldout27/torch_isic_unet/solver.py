import os
import numpy as np
import time
import datetime
import torch
import torchvision
from torch import optim
from torch.autograd import Variable
import torch.nn.functional as F
from evaluation import *
from network import UNet,R2UNet,AttUNet,R2AttUNet
import csv


class SegTrainer(object):
	def __init__(self, cfg, train_loader, valid_loader, test_loader):

		# loaders
		self.train_loader = train_loader
		self.valid_loader = valid_loader
		self.test_loader = test_loader

		# network, optimiser, loss
		self.seg_net = None
		self.optimizer = None
		self.img_ch = cfg.img_ch
		self.output_ch = cfg.output_ch
		self.bce = torch.nn.BCELoss()
		self.augmentation_prob = cfg.augmentation_prob

		# Adam settings
		self.lr = cfg.lr
		self.beta1 = cfg.beta1
		self.beta2 = cfg.beta2

		# schedule
		self.num_epochs = cfg.num_epochs
		self.num_epochs_decay = cfg.num_epochs_decay
		self.batch_size = cfg.batch_size

		# logging cadence
		self.log_step = cfg.log_step
		self.val_step = cfg.val_step

		# output folders
		self.model_path = cfg.model_path
		self.result_path = cfg.result_path
		self.mode = cfg.mode

		self.device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
		self.model_type = cfg.model_type
		self.t = cfg.t
		self.make_model()

	def make_model(self):
		"""Create the chosen segmentation net and its optimiser."""
		if self.model_type =='U_Net':
			self.seg_net = UNet(img_ch=3,output_ch=1)
		elif self.model_type =='R2U_Net':
			self.seg_net = R2UNet(img_ch=3,output_ch=1,t=self.t)
		elif self.model_type =='AttU_Net':
			self.seg_net = AttUNet(img_ch=3,output_ch=1)
		elif self.model_type == 'R2AttU_Net':
			self.seg_net = R2AttUNet(img_ch=3,output_ch=1,t=self.t)
			

		self.optimizer = optim.Adam(list(self.seg_net.parameters()),
									  self.lr, [self.beta1, self.beta2])
		self.seg_net.to(self.device)

		# self.show_network(self.seg_net, self.model_type)

	def show_network(self, model, name):
		"""Show the architecture and parameter count."""
		num_params = 0
		for param in model.parameters():
			num_params += param.numel()
		print(model)
		print(name)
		print("parameters: {}".format(num_params))

	def as_cpu(self, t_in):
		"""Detach to a CPU tensor."""
		if torch.cuda.is_available():
			t_in = t_in.cpu()
		return t_in.data

	def set_lr(self, g_lr, d_lr):
		for group in self.optimizer.param_groups:
			group['lr'] = lr

	def clear_grads(self):
		"""Clear accumulated gradients."""
		self.seg_net.zero_grad()

	def pixel_accuracy(self,pred_logits,gt_mask):
		pred_flat = pred_logits.view(-1)
		gt_flat = gt_mask.view(-1)

		accuracy = gt_flat.data.cpu()==(pred_flat.data.cpu()>0.5)

	def mask_to_img(self,t_in):
		mask_img = (t_in[:,0,:,:]>t_in[:,1,:,:]).float()
		mask_img = mask_img*255
		return mask_img


	def train(self):
		"""Fit, validate each epoch, then score the best checkpoint."""

		#------------------------------------ fit ------------------------------------------------#
		#------------------------------------------------------------------------------------------#
		
		ckpt_path = os.path.join(self.model_path, '%s-%d-%.4f-%d-%.4f.pkl' %(self.model_type,self.num_epochs,self.lr,self.num_epochs_decay,self.augmentation_prob))

		# reuse a finished run if its weights exist
		if os.path.isfile(ckpt_path):
			# weights found on disk
			self.seg_net.load_state_dict(torch.load(ckpt_path))
			print('%s weights read from %s'%(self.model_type,ckpt_path))
		else:
			# otherwise train from scratch
			lr = self.lr
			best_score = 0.
			
			for epoch in range(self.num_epochs):

				self.seg_net.train(True)
				epoch_loss = 0
				
				accuracy = 0.	# pixel accuracy
				sens = 0.		# recall
				spec = 0.		# true-negative rate
				prec = 0. 	# precision
				f1 = 0.		# F1
				jacc = 0.		# IoU
				dice = 0.		# Dice
				n_seen = 0

				for i, (images, gt_mask) in enumerate(self.train_loader):
					# GT: reference mask

					images = images.to(self.device)
					gt_mask = gt_mask.to(self.device)

					# SR: raw network output
					pred_logits = self.seg_net(images)
					pred_probs = F.sigmoid(pred_logits)
					pred_flat = pred_probs.view(pred_probs.size(0),-1)

					gt_flat = gt_mask.view(gt_mask.size(0),-1)
					loss = self.bce(pred_flat,gt_flat)
					epoch_loss += loss.item()

					# gradient step
					self.clear_grads()
					loss.backward()
					self.optimizer.step()

					accuracy += mask_accuracy(pred_logits,gt_mask)
					sens += mask_sensitivity(pred_logits,gt_mask)
					spec += mask_specificity(pred_logits,gt_mask)
					prec += mask_precision(pred_logits,gt_mask)
					f1 += mask_f1(pred_logits,gt_mask)
					jacc += mask_jaccard(pred_logits,gt_mask)
					dice += mask_dice(pred_logits,gt_mask)
					n_seen += images.size(0)

				accuracy = accuracy/n_seen
				sens = sens/n_seen
				spec = spec/n_seen
				prec = prec/n_seen
				f1 = f1/n_seen
				jacc = jacc/n_seen
				dice = dice/n_seen

				# report the epoch
				print('epoch %d of %d | loss %.4f\n  train acc %.4f sens %.4f spec %.4f prec %.4f f1 %.4f iou %.4f dice %.4f' % (
					  epoch+1, self.num_epochs, \
					  epoch_loss,\
					  accuracy,sens,spec,prec,f1,jacc,dice))

			

				# linear LR decay in the last epochs
				if (epoch+1) > (self.num_epochs - self.num_epochs_decay):
					lr -= (self.lr / float(self.num_epochs_decay))
					for group in self.optimizer.param_groups:
						group['lr'] = lr
					print ('lr now {}.'.format(lr))
				
				
				#------------------------------------ validation ---------------------------------------#
				self.seg_net.train(False)
				self.seg_net.eval()

				accuracy = 0.	# pixel accuracy
				sens = 0.		# recall
				spec = 0.		# true-negative rate
				prec = 0. 	# precision
				f1 = 0.		# F1
				jacc = 0.		# IoU
				dice = 0.		# Dice
				n_seen=0
				for i, (images, gt_mask) in enumerate(self.valid_loader):

					images = images.to(self.device)
					gt_mask = gt_mask.to(self.device)
					pred_logits = F.sigmoid(self.seg_net(images))
					accuracy += mask_accuracy(pred_logits,gt_mask)
					sens += mask_sensitivity(pred_logits,gt_mask)
					spec += mask_specificity(pred_logits,gt_mask)
					prec += mask_precision(pred_logits,gt_mask)
					f1 += mask_f1(pred_logits,gt_mask)
					jacc += mask_jaccard(pred_logits,gt_mask)
					dice += mask_dice(pred_logits,gt_mask)
						
					n_seen += images.size(0)
					
				accuracy = accuracy/n_seen
				sens = sens/n_seen
				spec = spec/n_seen
				prec = prec/n_seen
				f1 = f1/n_seen
				jacc = jacc/n_seen
				dice = dice/n_seen
				score = jacc + dice

				print('  val acc %.4f sens %.4f spec %.4f prec %.4f f1 %.4f iou %.4f dice %.4f'%(accuracy,sens,spec,prec,f1,jacc,dice))
				
				'''
				torchvision.utils.save_image(images.data.cpu(),
											os.path.join(self.result_path,
														'%s_val_ep%d_input.png'%(self.model_type,epoch+1)))
				torchvision.utils.save_image(pred_logits.data.cpu(),
											os.path.join(self.result_path,
														'%s_val_ep%d_pred.png'%(self.model_type,epoch+1)))
				torchvision.utils.save_image(gt_mask.data.cpu(),
											os.path.join(self.result_path,
														'%s_val_ep%d_mask.png'%(self.model_type,epoch+1)))
				'''


				# keep the best-scoring weights
				if score > best_score:
					best_score = score
					best_epoch_idx = epoch
					best_state = self.seg_net.state_dict()
					print('new best %s score %.4f'%(self.model_type,best_score))
					torch.save(best_state,ckpt_path)
					
			#------------------------------------ final score ---------------------------------------#
			del self.seg_net
			del best_state
			self.make_model()
			self.seg_net.load_state_dict(torch.load(ckpt_path))
			
			self.seg_net.train(False)
			self.seg_net.eval()

			accuracy = 0.	# pixel accuracy
			sens = 0.		# recall
			spec = 0.		# true-negative rate
			prec = 0. 	# precision
			f1 = 0.		# F1
			jacc = 0.		# IoU
			dice = 0.		# Dice
			n_seen=0
			for i, (images, gt_mask) in enumerate(self.valid_loader):

				images = images.to(self.device)
				gt_mask = gt_mask.to(self.device)
				pred_logits = F.sigmoid(self.seg_net(images))
				accuracy += mask_accuracy(pred_logits,gt_mask)
				sens += mask_sensitivity(pred_logits,gt_mask)
				spec += mask_specificity(pred_logits,gt_mask)
				prec += mask_precision(pred_logits,gt_mask)
				f1 += mask_f1(pred_logits,gt_mask)
				jacc += mask_jaccard(pred_logits,gt_mask)
				dice += mask_dice(pred_logits,gt_mask)
						
				n_seen += images.size(0)
					
			accuracy = accuracy/n_seen
			sens = sens/n_seen
			spec = spec/n_seen
			prec = prec/n_seen
			f1 = f1/n_seen
			jacc = jacc/n_seen
			dice = dice/n_seen
			score = jacc + dice


			fh = open(os.path.join(self.result_path,'result.csv'), 'a', encoding='utf-8', newline='')
			csv_out = csv.writer(fh)
			csv_out.writerow([self.model_type,accuracy,sens,spec,prec,f1,jacc,dice,self.lr,best_epoch_idx,self.num_epochs,self.num_epochs_decay,self.augmentation_prob])
			fh.close()
			

			
