import os ,sys
import torch
import torch .nn as nn
import numpy as np
import torchvision
import torch .utils .data as data
from torchvision import datasets ,transforms
import resnet
from PIL import Image
from template import AverageMeter
import argparse


class FoodImages (torch .utils .data .Dataset ):
	def __init__ (self ,root ,part ,tfm ):
		super (FoodImages ,self ).__init__ ()
		self .root =root
		self .jpg_dir =os .path .join (root ,'images')
		if part =='train':
			train_list =os .path .join (self .root ,'meta/train.txt')
			with open (train_list )as fh :
				rows =fh .readlines ()
		elif part in ['val','test']:
			test_list =os .path .join (self .root ,'meta/test.txt')
			with open (test_list )as fh :
				rows =fh .readlines ()
		else :
			raise ValueError ('unknown part %s'%part )

		self .rows =rows
		self .tfm =tfm

		# remark
		# (unused variant)
		with open (os .path .join (self .root ,'meta/classes.txt'))as fh :
			cls_names =fh .readlines ()
		cls_names =[name .strip ()for name in cls_names ]
		self .cls_names =cls_names

	def __len__ (self ):
		return len (self .rows )

	def __getitem__ (self ,index ):
		row =self .rows [index ].strip ()
		folder =os .path .dirname (row )
		name =self .cls_names .index (folder )
		jpg_path =os .path .join (self .jpg_dir ,row +'.jpg')
		pic =Image .open (jpg_path ).convert ('RGB')
		return self .tfm (pic ),name


def topk_hits (logits ,truth ,ks =(1 ,)):

	with torch .no_grad ():
		kmax =max (ks )
		bsz =truth .size (0 )
		_unused ,ranked =logits .topk (kmax ,1 ,True ,True )
		ranked =ranked .t ()

		hit =(ranked ==truth .unsqueeze (dim =0 )).expand_as (ranked )

		scores =[]
		for kk in ks :
			hit_k =hit [:kk ].reshape (-1 ).float ().sum (0 ,keepdim =True )
			scores .append (hit_k .mul_ (1.0 /bsz ))
		return scores


def fit_one_epoch (fit_loader ,net ,opt ,log_every =50 ):

	net .train ()

	n_steps =len (fit_loader )

	meter =AverageMeter ()

	for step ,mb in enumerate (fit_loader ):
		opt .zero_grad ()
		xb ,cls_names =mb
		xb =xb .cuda ()
		cls_names =cls_names .cuda ()
		yhat =net (xb )
		ce =nn .functional .cross_entropy (yhat ,cls_names )

		ce .backward ()
		opt .step ()

		meter .update (ce .item ())

		# (unused variant)
		if (step %log_every ==0 ):
			print ("step %.2f%% done, ce=%.3f"%(step /n_steps *100 ,ce .item ()),flush =True )
			# (unused variant)

	print ("epoch mean ce %.2f"%meter .avg )
	return meter .avg



ap =argparse .ArgumentParser (description ='ResNet fine-tuning on Food-101')
ap .add_argument ('--epoch',help ='epochs to run',type =int ,default =40 )
ap .add_argument ('--arch',help ='which resnet: resnet34 / resnet50 / resnet101',type =str ,default ='resnet50')
ap .add_argument ('--batchsize',help ='batch size',type =int ,default =128 )
ap .add_argument ('--lr',help ='head learning rate',type =float ,default =0.01 )
ap .add_argument ('--weight_decay',help ="L2 penalty",type =float ,default =1e-4 )
ap .add_argument ('--workers',help ='loader processes',type =int ,default =4 )
ap .add_argument ('--dataset',help ='Food-101 root folder',type =str ,default ='./food-101')
ap .add_argument ('--pretrained',help ='start from ImageNet weights',type =bool ,default =True )
ap .add_argument ('--save_checkpoint',help ='write the best checkpoint',type =bool ,default =True )
ap .add_argument ('--checkpoint_path',help ='checkpoint file',type =str ,default ='./best_checkpoint.pth')
ap .add_argument ('--print_freq',help ='log every N steps',type =int ,default =50 )
ap .add_argument ('--evaluate',help ='only evaluate',type =bool ,default =False )

cfg =ap .parse_args ()




aug_fit =transforms .Compose ([
	transforms .Resize (224 ),
	transforms .CenterCrop (224 ),
	transforms .RandomHorizontalFlip (),
	transforms .RandomVerticalFlip (),
	transforms .RandomRotation (45 ),
	transforms .RandomAffine (45 ),
	transforms .ColorJitter (),
	transforms .ToTensor (),
	transforms .Normalize ([0.485 ,0.456 ,0.406 ],[0.229 ,0.224 ,0.225 ])
	])

aug_eval =transforms .Compose ([
	transforms .Resize (256 ),
	transforms .CenterCrop (224 ),
	transforms .ToTensor (),
	transforms .Normalize ([0.485 ,0.456 ,0.406 ],[0.229 ,0.224 ,0.225 ])
	])



SEED =42
torch .manual_seed (SEED )


food_root =cfg .dataset


fit_set =FoodImages (food_root ,'train',aug_fit )
eval_set =FoodImages (food_root ,'val',aug_eval )


bsz =cfg .batchsize
n_epochs =cfg .epoch

fit_loader =data .DataLoader (fit_set ,bsz ,shuffle =True ,num_workers =cfg .workers ,pin_memory =True )
eval_loader =data .DataLoader (eval_set ,bsz *2 ,num_workers =cfg .workers ,pin_memory =True )


if (cfg .arch =='resnet34'):
	net =resnet .resnet34 (101 ,3 ,pretrained =cfg .pretrained )
elif (cfg .arch =='resnet101'):
	net =resnet .resnet101 (101 ,3 ,pretrained =cfg .pretrained )
else :
	net =resnet .resnet50 (101 ,3 ,pretrained =cfg .pretrained )

net =net .cuda ()


# (unused variant)

opt =torch .optim .Adam (
	[
		{"params":net .fc_params (),"lr":cfg .lr },
		{'params':net .backbone_params ()}
	],
	1e-4 ,weight_decay =cfg .weight_decay )
# (unused variant)
# (unused variant)
# (unused variant)
# (unused variant)
# remark
# (unused variant)


lr_sched =torch .optim .lr_scheduler .MultiStepLR (opt ,milestones =[8 ,16 ,24 ],gamma =0.2 )
# (unused variant)
# (unused variant)

best_top1 =0.0
first_epoch =0


keep_ckpt =cfg .save_checkpoint
ckpt_file =cfg .checkpoint_path
log_every =cfg .print_freq


if (os .path .exists (ckpt_file )):
	print ("found a checkpoint, resuming")
	ckpt =torch .load (ckpt_file )
	ce =ckpt ['loss']
	resume_ep =ckpt ['epoch']+1
	best_top1 =ckpt ['top1_accuracy']
	net .load_state_dict (ckpt ['model_state_dict'])
	opt .load_state_dict (ckpt ['optimizer_state_dict'])
	lr_sched .load_state_dict (ckpt ['scheduler_state_dict'])

	print ("checkpoint top-1: %.2f%%"%best_top1 )
	print ("checkpoint top-5: %.2f%%"%ckpt ['top5_accuracy'])

if (cfg .evaluate ==True ):

	with torch .no_grad ():

		m_top1 =AverageMeter ()
		m_top5 =AverageMeter ()

		net .eval ()

		for mb in eval_loader :
			xb ,cls_names =mb
			xb =xb .cuda ()
			cls_names =cls_names .cuda ()
			yhat =net (xb )
			ce =nn .functional .cross_entropy (yhat ,cls_names )
			hits =topk_hits (yhat .detach (),cls_names ,ks =(1 ,5 ))
# (unused variant)
# (unused variant)
			m_top1 .update (hits [0 ])
			m_top5 .update (hits [1 ])

		print ("eval top-1 %.2f%%, top-5 %.2f%%"%(m_top1 .avg *100.0 ,m_top5 .avg *100.0 ))

	sys .exit ()


log_fh =open ("food101_log.txt","w")


for ep in range (first_epoch ,n_epochs ):

	print ("== epoch %d ==\n"%ep ,flush =True )
	fit_loss =fit_one_epoch (fit_loader ,net ,opt ,log_every )

	# (unused variant)

	lr_sched .step ()


	with torch .no_grad ():

		net .eval ()

		m_top1 =AverageMeter ()
		m_top5 =AverageMeter ()

		meter =AverageMeter ()

		sum_ce =0.0

		for mb in eval_loader :
			xb ,cls_names =mb
			xb =xb .cuda ()
			cls_names =cls_names .cuda ()
			yhat =net (xb )
			ce =nn .functional .cross_entropy (yhat ,cls_names )

			hits =topk_hits (yhat .detach (),cls_names ,ks =(1 ,5 ))
# (unused variant)
# (unused variant)

			meter .update (ce .item ())
			m_top1 .update (hits [0 ])
			m_top5 .update (hits [1 ])


		print ("eval top-1 %.2f%%, top-5 %.2f%%, ce %.2f"%((m_top1 .avg *100.0 ),(m_top5 .avg *100.0 ),meter .avg ),flush =True )
		log_fh .write ("%d %.2f %.2f %.4f %.4f\n"%(ep ,fit_loss ,meter .avg ,m_top1 .avg ,m_top5 .avg ))

		if (m_top1 .avg >best_top1 and (keep_ckpt ==True or ep ==n_epochs -1 )):
			best_top1 =m_top1 .avg
			torch .save ({
				'epoch':ep ,
				'top1_accuracy':(m_top1 .avg *100.0 ),
				'top5_accuracy':(m_top5 .avg *100.0 ),
				'loss':ce .item (),
				'model_state_dict':net .state_dict (),
				'optimizer_state_dict':opt .state_dict (),
				'scheduler_state_dict':lr_sched .state_dict ()
				},ckpt_file )



log_fh .close ()