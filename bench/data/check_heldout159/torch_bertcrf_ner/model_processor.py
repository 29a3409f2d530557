# -*- coding:utf-8 -*-
import re
import sys
import torch
import numpy as np
from utils import *
from time import time
from bertcrf import BERTCRF
from torch.optim import AdamW
from data_loader import get_train_dict
from data_processer import padding, split_data
from torch.utils.data import TensorDataset, DataLoader, RandomSampler, SequentialSampler
from transformers import BertTokenizer, BertConfig, get_linear_schedule_with_warmup

class Processor:
	def __init__(self, args):
		self.tokenizer = BertTokenizer.from_pretrained('bert-base-chinese')
		self.args = args
		if args['load_model'] <= 0:
			self.model = BERTCRF().to(device)
		else:
			self.model = torch.load('models/Mod' + str(args['fold']) + '_' + str(args['load_model'])).to(device)
			print('load success')

	def data2loader(self, data, mode, batch_size):
		padded_data, padded_labels, followed = padding(data, self.tokenizer, label2id)

		data = TensorDataset(padded_data['input_ids'], padded_data['attention_mask'], padded_labels)
		if mode == 'train':
			sampler = RandomSampler(data)
		else:
			sampler = SequentialSampler(data)
		dataloader = DataLoader(data, sampler=sampler, batch_size=batch_size)
		return dataloader, followed
		

	def train(self):
		# build the training loader
		train_dataloader, _ = self.data2loader(self.args['train'], mode='train', batch_size=self.args['batch_size'])
		# optimiser groups and LR schedule

		param_optimizer = list(self.model.named_parameters())
		other_parameters = [(n, p) for n, p in param_optimizer if 'crf' not in n]
		no_decay = ['bias', 'gamma', 'beta']
		optimizer_grouped_parameters = [
			{'params': [p for n, p in other_parameters if not any(nd in n for nd in no_decay)],
				'weight_decay_rate': 0.01},
			{'params': [p for n, p in other_parameters if any(nd in n for nd in no_decay)],
				'weight_decay_rate': 0.0},
			{'params':[p for n, p in param_optimizer if 'crf.transitions' == n], 'lr':3e-2}
		]

		optimizer = AdamW(optimizer_grouped_parameters, lr=3e-5, eps=1e-8)

		if self.args['load_model'] > 0:
			optimizer.load_state_dict(torch.load('models/Opt' + str(self.args['load_model'])))
			print('load optimizer success')
		
		total_steps = 1000
		if self.args['load_model'] <= 0:
			last_epoch = -1
		else:
			last_epoch = self.args['load_model']
		scheduler = get_linear_schedule_with_warmup(
			optimizer,
			num_warmup_steps=0,
			num_training_steps=total_steps,
			last_epoch=last_epoch
		)

		# epochs
		top = 1.5
		start_time = time()
		for i in range(self.args['num_epoches']):
			self.model.train()

			losses = 0
			for idx, batch_data in enumerate(train_dataloader):
				batch_data = tuple(i.to(device) for i in batch_data)
				ids, masks, labels = batch_data

				self.model.zero_grad()
				loss = self.model(ids, masks=masks, labels=labels)

				# backward and bookkeeping
				loss.backward()
				losses += loss.item()

				# clip to keep gradients bounded
				torch.nn.utils.clip_grad_norm_(parameters=self.model.parameters(), max_norm=self.args['max_grad_norm'])

				optimizer.step()

			scheduler.step()

			F0 = None
			if (i+1+self.args['load_model']) % 20 == 0:
				F0, _ = self.evaluate(self.args['train'])
			F1, loss = self.evaluate(self.args['valid'])
			F2, loss2 = self.evaluate(self.args['test'])

			if F1+F2 > top:
				top = F1 + F2
				torch.save(self.model, 'models/Mod' + str(self.args['fold']) + '_' + str(i+self.args['load_model']+1))
				print('save new top', top)
				
			print('Epoch', i+self.args['load_model']+1, losses/len(train_dataloader), loss, 'F1', F1, F2, F0, time()-start_time)

			if (i+1+self.args['load_model']) % self.args['save_epoch'] == 0:
				torch.save(self.model, 'models/Mod' + str(self.args['fold']) + '_' + str(i+self.args['load_model']+1))
				torch.save(optimizer.state_dict(), 'models/Opt' + str(i+self.args['load_model']+1))
			start_time = time()


	def predict(self, filename, ret_dic, model_name=None):

		if model_name:
			self.model = torch.load('models/'+model_name)

		# read one raw document
		with open('chusai_xuanshou/'+filename+'.txt', 'r', encoding='utf-8') as f:
			content = f.read()

		# run the tagger over it
		space = ','
		content2 = content.replace(' ', space).replace('　', space)
		content2 = list(content2)
		if len(content2) > 510:
			data_list = split_data(content2)
		else:
			data_list = [content2]

		ret_str = ''
		ct = 1
		self.model.eval()
		para_offset = -1
		offsets = []
		space_ct = -1

		# character offsets that skip blanks
		for c in content:
			if c == ' ' or c == '　':
				space_ct += 1
			else:
				offsets.append(space_ct)


		stop_words = ['.', ',', '(', ')', '。', '，','、', '（','）', ':', '：', ' ', '　', '；']
		crfs = 0
		with torch.no_grad():
			for kdx, data in enumerate(data_list):
				t = self.tokenizer(data, is_split_into_words=True, return_tensors='pt')
				_, result = self.model(t['input_ids'].to(device), t['attention_mask'].to(device), t['token_type_ids'].to(device), mode='f')
				# turn the decoded tag path into entity spans
				record = -1
				record_pos = -1
				entity = ""
				result = result[0]

				for idx, c in enumerate(result):
					word = self.tokenizer.decode(t['input_ids'][0][idx].item())
					if record < 0 and c > 1 and c & 1:
						entity += word
						record = c-1
						record_pos = idx
					elif c == record:
						entity += word
					elif record > 1 and c != record:
						# an I- tag without its B- tag
						if c > 1 and (c & 1 == 0):
							crfs = 1

						extra = '\n'
						if ret_str == '':
							extra = ''
						offset = para_offset
						new_start, new_end = record_pos+offset, idx+offset
						real_entity = ''.join(content[new_start:new_end])

						# cut the span at the first stop character
						truc_entity = ""
						truncation = -1
						for qdx, q in enumerate(real_entity):
							if q in stop_words:
								truncation = qdx
								break
						if truncation > 0:
							new_end = new_start+truncation
							real_entity = real_entity[0:truncation]

						ret_str += extra + 'T' + str(ct) + '\t' + id2label[record][2:] + ' ' + str(new_start) + ' ' + str(new_end) + '\t' + real_entity
						ttup = (id2label[record][2:], new_start, new_end, real_entity)
						if ttup in ret_dic:
							ret_dic[ttup] += 1
						else:
							ret_dic[ttup] = 1
						if truncation < 0 and entity != real_entity and ' ' not in real_entity and '　' not in real_entity and '[ U N K ]' not in entity:
							print('wrong', filename)
							print(entity)
							print(real_entity)
							return
						# start the next span
						ct += 1
						if c > 1 and c & 1:
							record_pos = idx
							record = c-1
							entity = word
						else:
							record_pos = -1
							record = -1
							entity = ''
				para_offset += len(result)-2

		return ret_str, ret_dic

	def evaluate(self, valid):
		# loader over the split to score
		batch_size = 64
		dataloader, followed = self.data2loader(valid, 'valid', batch_size=batch_size)

		self.model.eval()
		with torch.no_grad():
			losses = 0
			recalls, accs = [], []

			# per-document F1 bookkeeping
			F1s, losses = [], []
			last_correct, last_pred, last_true, last_F1 = 0, 0, 0, 0
			crfs = 0
			for idx, batch_data in enumerate(dataloader):
				batch_data = tuple(i.to(device) for i in batch_data)
				ids, masks, labels = batch_data
				loss, results = self.model(ids, masks=masks, labels=labels, mode='v') # loss and decoded paths
				losses.append(loss.item())

				for mdx, result in enumerate(results):
					lenth = torch.sum(masks[mdx]).item()
					result.extend([0]*(512-len(result)))

					channel_pred, channel_true = -1, -1
					following, correct, total_pred, total_true = -1, 0, 0, 0

					for jdx, (label_pred, label_true) in enumerate(zip(result, labels[mdx])):
						label_true = label_true.item()

						# count gold entities
						if label_true != channel_true:
							if following == 1 and label_pred != channel_pred:
								correct += 1
							following = 0

						if label_true & 1 and label_true > 1:
							channel_true = label_true - 1
							total_true += 1
						else:
							channel_true = label_true

						# count predicted entities
						if label_pred & 1 and label_pred > 1:
							total_pred += 1
							channel_pred = label_pred - 1
							if following == 0 and label_pred == label_true:
								following = 1
						else:
							channel_pred = label_pred

						if following == 1 and label_pred != label_true:
							following = -1

						if label_true == 0:
							break

					if total_pred == 0:
						precision = 0
					else:
						precision = correct / total_pred
					if total_true == 0:
						recall = 0
					else:
						recall = correct / total_true
					if precision + recall == 0:
						F1 = 0
					else:
						F1 = 2*(precision*recall) / (precision+recall)

					if followed[mdx+idx*batch_size] == 0:
						if mdx+idx > 0:
							F1s.append(last_F1)
						last_correct, last_pred, last_true, last_F1 = correct, total_pred, total_true, F1
					else:
						last_correct += correct
						last_true += total_true
						last_pred += total_pred
						if last_pred == 0:
							precision = 0
						else:
							precision = last_correct / last_pred
						if last_true == 0:
							recall = 0
						else:
							recall = correct / last_true
						if precision + recall == 0:
							last_F1 = 0
						else:
							last_F1 = 2*(precision*recall) / (precision+recall)

			F1s.append(last_F1)
			return np.mean(F1s), np.mean(losses)
