import numpy as np
import qa_data
import vqa_nets
import argparse
import sys

def run():
	ap = argparse.ArgumentParser()
	ap.add_argument('-num_epochs', type=int, default=25)
	ap.add_argument('-batch_size', type=int, default=200)
	ap.add_argument('-model', type=int, default=1)
	opts = ap.parse_args()

	print('reading questions ...')
	q_tr = qa_data.question_matrix('train')
	q_va = qa_data.question_matrix('val')
	print('reading answers ...')
	a_tr = qa_data.answer_matrix('train')
	a_va = qa_data.answer_matrix('val')
	print('reading CNN features ...')
	f_tr = qa_data.image_matrix('train')
	f_va = qa_data.image_matrix('val')
	print('building network ...')
	
	if opts.model == 1:
		net = vqa_nets.vis_lstm()
		x_tr = [f_tr, q_tr]
		x_va = [f_va, q_va]
		out_file = 'weights/vis_lstm.h5'
	elif opts.model == 2:
		net = vqa_nets.vis_lstm_2()
		x_tr = [f_tr, q_tr, f_tr]
		x_va = [f_va, q_va, f_va]
		out_file = 'weights/vis_lstm_2.h5'
	else:
		print('unknown -model; use 1 (vis-lstm) or 2 (2-vis-lstm).')
		sys.exit()

	net.compile(optimizer='adam',
		loss='categorical_crossentropy',
		metrics=['accuracy'])

	net.fit(x_tr,a_tr,
		nb_epoch=opts.num_epochs,
		batch_size=opts.batch_size,
		validation_data=(x_va,a_va),
		verbose=1)

	net.save(out_file)

if __name__ == '__main__':run()

