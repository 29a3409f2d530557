# libraries
from pycocotools.coco import COCO
from pycocotools import mask as cocomask
from multiprocessing import cpu_count
import numpy as np
import skimage.io as io
import matplotlib.pyplot as plt
import pylab
import random
import argparse
import os
# data set helpers
import torch
from torch.utils.data import DataLoader
from torch.utils.data.sampler import RandomSampler, SequentialSampler
import data_parts.augment as aug
from data_parts.tiles import CocoTileSet, PlainTileSet
# logging helpers
from model_parts.fit_callbacks import BoardImageCallback, BoardScalarCallback, WeightSaverCallback
from model_parts.predict_callbacks import SubmissionWriterCallback
from model_parts import helpers
# model helpers
from model_parts import seg_trainer
from model_parts import unet
import torch.optim as optim

# silence warnings
import warnings
warnings.filterwarnings("ignore")



def build_callbacks(args):
	# callbacks for fitting
	board_img_cb = BoardImageCallback(os.path.join(args.project_dir, 'sum_logs/tb_viz'))
	board_log_cb = BoardScalarCallback(os.path.join(args.project_dir, 'sum_logs/tb_logs'))
	saver_cb = WeightSaverCallback(os.path.join(args.project_dir,'sum_logs/tb_logs/model.pt'), verbose=True)
	source_size = (224, 224)
	submit_cb = SubmissionWriterCallback(os.path.join(args.project_dir, 'data/output/submit.csv.gz'),
												 source_size, args.threshold)

	return board_img_cb, board_log_cb, saver_cb, submit_cb

def build_loaders(args, n_threads, on_gpu):
	# training annotations
	fit_coco = COCO(os.path.join(args.train_annotations_path))
	# validation annotations
	chk_coco = COCO(os.path.join(args.val_annotations_path))
	# 
	fit_set = CocoTileSet(img_dir = args.train_image_directory , cocodataset = fit_coco, y_data = None, 
							 input_img_resize = args.input_img_resize,output_img_resize = args.output_img_resize, X_transform=aug.augment_img)

	fit_loader = DataLoader(fit_set, args.batch_size,sampler=RandomSampler(fit_set), num_workers=n_threads,pin_memory=on_gpu)

	chk_set = CocoTileSet(img_dir = args.val_image_directory, cocodataset = chk_coco, y_data = None, 
							 input_img_resize = args.input_img_resize, output_img_resize = args.output_img_resize, X_transform=aug.augment_img)

	chk_loader = DataLoader(chk_set, args.batch_size,
							  sampler=SequentialSampler(chk_set),
							  num_workers=n_threads,
							  pin_memory=on_gpu)
	# unlabelled tiles

	
	pred_set = PlainTileSet(img_dir = args.test_image_directory, img_resize = args.input_img_resize)
	pred_loader = DataLoader(pred_set, args.batch_size,
							 sampler=SequentialSampler(pred_set),
							 num_workers=n_threads,
							 pin_memory=on_gpu)


	return fit_loader, chk_loader, pred_loader

def main():
	parser = argparse.ArgumentParser()
	parser.add_argument('--project_dir', type=str, default='/home/user/work/building-seg', help='root of the project')
	
	parser.add_argument('--train_image_directory', type=str, default = "data/train/images")
	parser.add_argument('--train_annotations_path', type=str, default = "data/train/annotation.json")
	parser.add_argument('--train_annotations_small_path', type=str, default = "data/train/annotation-small.json")
	parser.add_argument('--val_image_directory', type=str, default = "data/val/images")
	parser.add_argument('--val_annotations_path', type=str, default = "data/val/annotation.json")
	parser.add_argument('--val_annotations_small_path', type=str, default = "data/val/annotation-small.json")
	parser.add_argument('--test_image_directory', type=str, default = "data/test")
	
	parser.add_argument('--input_img_resize', type=tuple, default = (224, 224), help='size the tiles are resized to before the net')
	parser.add_argument('--output_img_resize', type=tuple, default = (224, 224), help='size of the predicted masks')
	parser.add_argument('--batch_size', type=int, default = 10)
	parser.add_argument('--epochs', type=int, default = 50)
	parser.add_argument('--threshold', type=float, default = 0.5)
	parser.add_argument('--validation_size', type=float, default = 0.2)\
	# None for the whole set, or a fraction between 0 and 1
	parser.add_argument('--sample_size', type=float, default = None)

	# fine-tuning and prediction switches
	parser.add_argument('--output_model_file', type=str, default = None)
	parser.add_argument('--preliminary_training', type=bool, default = True)
	parser.add_argument('--finetuning', type=bool, default = True)
	parser.add_argument('--fine_tune_epochs', type=int, default = 10)
	parser.add_argument('--pred_on_inference_set', type=bool, default = True)
	parser.add_argument('--pred_on_inference_img', type=bool, default = False)

	args = parser.parse_args()
	os.chdir(args.project_dir)
	# -- runtime settings
	n_threads = cpu_count()
	on_gpu = torch.cuda.is_available()

	fit_loader, chk_loader, pred_loader = build_loaders(args, n_threads, on_gpu)
	board_img_cb, board_log_cb, saver_cb, submit_cb = build_callbacks(args)

	# fit the net

	net = unet.UNet16()
	if args.preliminary_training:
		net = unet.freezing_pretrained_layers(model = net, grad = False)
		trainer = seg_trainer.SegTrainer(net, args.epochs)
		# first pass with the encoder frozen
		trainer.train(fit_loader, chk_loader, args.epochs, callbacks=[board_img_cb, board_log_cb, saver_cb])
	

	if args.finetuning:
		print("fine-tuning")
		net.load_state_dict(torch.load(os.path.join(args.project_dir,'sum_logs/tb_logs/model.pt')))
		net = unet.freezing_pretrained_layers(model = net)
		trainer = seg_trainer.SegTrainer(net, args.fine_tune_epochs)
		# second pass with every layer trainable
		trainer.train(fit_loader, chk_loader, args.fine_tune_epochs, finetune = args.finetuning, callbacks=[board_img_cb, board_log_cb, saver_cb])
	
	if args.pred_on_inference_set:
		source_size = 224
		# # predict and write
		trainer.predict(pred_loader, callbacks=[submit_cb])
		submit_cb.close_saver()

	if args.pred_on_inference_img:
		net.load_state_dict(torch.load(os.path.join(args.project_dir,'sum_logs/tb_logs/model.pt')))


if __name__ == '__main__':
	main()
