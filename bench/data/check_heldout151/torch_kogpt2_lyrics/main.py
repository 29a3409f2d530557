import torch
from torch.utils.data import DataLoader # loader
from gluonnlp.data import SentencepieceTokenizer 
from kogpt2.utils import get_tokenizer
from kogpt2.utils import download, tokenizer
from kogpt2.model.torch_gpt2 import GPT2Config, GPT2LMHeadModel
from kogpt2.data import LyricsDataset
import gluonnlp
from kogpt2.model.sample import sample_sequence
from tqdm import tqdm
import subprocess
import os
from tensorboardX import SummaryWriter
import re
import argparse

ap = argparse.ArgumentParser()
ap.add_argument('--epoch', type=int, default=200,
					help="how many passes over the lyrics.")
ap.add_argument('--save_path', type=str, default='./checkpoint/',
					help="where checkpoints are written.")
ap.add_argument('--load_path', type=str, default='./checkpoint/Alls/KoGPT2_checkpoint_296000.tar', #
					help="checkpoint to resume from.")
ap.add_argument('--samples', type=str, default="samples/",
					help="where generated lyrics are written.")
ap.add_argument('--data_file_path', type=str, default='dataset/lyrics_dataset.txt',
					help="the training csv.")
ap.add_argument('--batch_size', type=int, default=8,
					help="batch size.")
opts = ap.parse_args()

weights_info = {
	'url':
	'checkpoint/pytorch_kogpt2_676e9bcfa7.params',
	'fname': 'pytorch_kogpt2_676e9bcfa7.params',
	'chksum': '676e9bcfa7'
}

gpt2_cfg = {
	"initializer_range": 0.02,
	"layer_norm_epsilon": 1e-05,
	"n_ctx": 1024,
	"n_embd": 768,
	"n_head": 12,
	"n_layer": 12,
	"n_positions": 1024,
	"vocab_size": 50000
}

def add_breaks(text):
	text = (text.replace("   ", "\n"))
	text = text.split("\n")

	text = [t.lstrip() for t in text if t != '']
	return "\n\n".join(text)

def gpu_memory_used():
	"""Memory in use on each GPU.

	Returns
	-------
	usage: dict
		device index -> MB in use.
		as reported by nvidia-smi.
	"""
	out = subprocess.check_output(
		[
			'nvidia-smi', '--query-gpu=memory.used',
			'--format=csv,nounits,noheader'
		], encoding='utf-8')
	# one line per device
	used = [int(x) for x in out.strip().split('\n')]
	used_map = dict(zip(range(len(used)), used))
	return used_map

def main(epoch, save_path, load_path, samples, data_file_path, batch_size):
	ctx = 'cuda'
	cachedir = '~/kogpt2/'

	writer = SummaryWriter()

	# fetch pretrained weights
	info = weights_info
	weights_path = download(info['url'],
						   info['fname'],
						   info['chksum'],
						   cachedir=cachedir)
	# fetch the vocabulary
	vinfo = tokenizer
	vocab_path = download(vinfo['url'],
						   vinfo['fname'],
						   vinfo['chksum'],
						   cachedir=cachedir)

	# the language model
	lm = GPT2LMHeadModel(config=GPT2Config.from_dict(gpt2_cfg))

	# pretrained weights into it
	lm.load_state_dict(torch.load(weights_path))

	device = torch.device(ctx)
	lm.to(device)

	# resume if a checkpoint is there
	try:
		ckpt = torch.load(load_path, map_location=device)

		# fresh model for the resumed weights
		lm = GPT2LMHeadModel(config=GPT2Config.from_dict(gpt2_cfg))
		lm.load_state_dict(ckpt['model_state_dict'])

		lm.eval()
	except:
		step = 0
	else:
		step = int(re.findall("\d+", load_path)[1])

	print(step)
	# back to training mode
	lm.train()
	vocab_obj = gluonnlp.vocab.BERTVocab.from_sentencepiece(vocab_path,
														 mask_token=None,
														 sep_token=None,
														 cls_token=None,
														 unknown_token='<unk>',
														 padding_token='<pad>',
														 bos_token='<s>',
														 eos_token='</s>')


	spm_path = get_tokenizer()
	net, vocab = lm, vocab_obj
	sp = SentencepieceTokenizer(spm_path)

	ds = LyricsDataset(data_file_path, vocab, sp)
	print("dataset ready")
	loader = DataLoader(ds, batch_size=batch_size, shuffle=True, pin_memory=True)



	lr = 3e-5
	crit = torch.nn.CrossEntropyLoss()
	opt = torch.optim.Adam(net.parameters(), lr=lr)

	print('fine-tuning starts')
	running = (0.0, 0.0)

	for epoch in range(epoch):
		for batch in loader:
			opt.zero_grad()
			batch = torch.stack(batch) # the collated list of tensors becomes one tensor
			batch = batch.transpose(1,0)
			batch = batch.to(ctx)
			net = net.to(ctx)

			out = net(batch, labels=batch)
			loss, logits = out[:2]
			loss = loss.to(ctx)
			loss.backward()
			running = (running[0] * 0.99 + loss, running[1] * 0.99 + 1.0)
			opt.step()
			if step % 10 == 0:
				print('epoch {0} step {1}  loss = {2:.5f} smoothed = {3:.5f}' . format(epoch, step, loss, running[0] / running[1]))
				writer.add_scalar('loss/avg_loss', running[0] / running[1], step)
				writer.add_scalar('loss/loss', loss, step)

			# sample some text now and then
			if (step > 0 and step % 1000 == 0) or (len(batch) < batch_size):
				text = sample_sequence(net.to("cpu"), sp, vocab, sent="사랑", text_size=100, temperature=0.7, top_p=0.8, top_k=40)
				text = text.replace("<unused0>", "\n") # marker back to line breaks
				text = add_breaks(text)
				print(text)

				writer.add_text('Text', text, step)

				if step > 500000:
					done = [int(n) for n in os.listdir(samples)]
					done = max(done)
					fh = open(samples + str(done + 1), 'w', encoding="utf-8")
					fh.write(text)
					fh.close()
			#########################################
			step += 1

			if (step > 0 and step % 10000 == 0) or (len(batch) < batch_size):
				# checkpoint
				try:
					torch.save({
						'epoch': epoch,
						'train_no': step,
						'model_state_dict': net.state_dict(),
						'optimizer_state_dict': opt.state_dict(),
						'loss': loss
					}, save_path + 'KoGPT2_checkpoint_' + str(step) + '.tar')
				except:
					pass

if __name__ == "__main__":
	main(opts.epoch, opts.save_path, opts.load_path, opts.samples, opts.data_file_path, opts.batch_size)
