from discriminator import *
from encoder2decoder import *
from readimg import *
from tqdm import tqdm
import keras
from matplotlib import pyplot


RUN_TAG = ""

# stack generator and discriminator so the generator can be updated through D
def stack_models(gen_net, disc_net, in_shape):
	# freeze D except for its batch norm layers
	for lyr in disc_net.layers:
		if not isinstance(lyr, BatchNormalization):
			lyr.trainable = False
	# edge image input
	edge_in = Input(shape=in_shape)
	# generator output from the edge image
	gen_img = gen_net(edge_in)
	# D judges the edge image together with the generated photo
	judge = disc_net([edge_in, gen_img])
	# edge in, verdict and generated photo out
	joint = Model(edge_in, [judge, gen_img])
	# compile
	adam = Adam(lr=0.0002, beta_1=0.5)
	joint.compile(loss=['binary_crossentropy', 'mae'], optimizer=adam, loss_weights=[1,100])
	return joint

# read the archive and bring the pixels to [-1,1]
def read_archive(path):
	# open the compressed archive
	arc = load(path)
	# the two arrays
	A, B = arc['arr_0'], arc['arr_1']
	# map [0,255] onto [-1,1]
	A = (A - 127.5) / 127.5
	B = (B - 127.5) / 127.5
	return [A, B]

# draw a batch of true pairs with target labels
def draw_real(pairs, count, ph, pw,shuffle=True):
	# split the pairs
	edgesA, photosB = pairs
	# which rows
	if shuffle:
		rows = randint(0, edgesA.shape[0], count)
	else:
		rows = [1924,662,111,222,333,444]
		rows = rows[:count]
	# take them
	ea, pb = edgesA[rows], photosB[rows]
	# label 1 for true pairs
	lab = ones((count, ph, pw, 1))
	return [ea, pb], lab

# let G produce photos, label them 0
def draw_fake(gen_net, edges, ph, pw):
	# generator output
	out = gen_net.predict(edges)
	# label 0 for fakes
	lab = zeros((len(out), ph, pw, 1))
	return out, lab

# pair metric names with the values train_on_batch returns
# for the on_batch_end callback
def logs_as_dict(net, vals):
  out = {}
  for kv in zip(net.metrics_names, vals):
    out[kv[0]] = kv[1]
  return out


# pix2pix training loop
def fit_pix2pix(disc_net, gen_net, joint_net, pairs, epochs=100, bs=1,offset=0):
	# patch map size of D
	ph = disc_net.output_shape[1]
	pw = disc_net.output_shape[2]
	# split the pairs
	edgesA, photosB = pairs
	# batches in one epoch
	per_epoch = int(len(edgesA) / bs)
	# total steps
	total = per_epoch * epochs
	# step loop
	for k in tqdm(range(total)):
		k = k + offset
		# true pairs
		[ra, rb], yr = draw_real(pairs, bs, ph, pw)
		# generated photos
		fb, yf = draw_fake(gen_net, ra, ph, pw)
		# D on true pairs
		dl1 = disc_net.train_on_batch([ra, rb], yr)

		# D on generated pairs
		dl2 = disc_net.train_on_batch([ra, fb], yf)
		# G through the joint model
		gl, _, _ = joint_net.train_on_batch(ra, [yr, rb])
		# report

		if k % 100 ==0 :
		    print('step %d d_real %.3f d_fake %.3f gen %.3f' % (k+1, dl1, dl2, gl))
		# snapshots
		if (k) % (per_epoch * 10) == 0:
			snapshot(k, gen_net, disc_net, joint_net, pairs, )

# plot a fixed trio of pairs and save all three models
def snapshot(k, gen_net, disc_net, joint_net, pairs, n=3, ):
	# the same pairs every time so progress is comparable
	[ra, rb], _ = draw_real(pairs, n, 1,1,False)
	# generated photos for them
	fb, _ = draw_fake(gen_net, ra, 1,1)
	# back to [0,1]
	ra = (ra + 1) / 2.0
	rb = (rb + 1) / 2.0
	fb = (fb + 1) / 2.0
	# edge inputs
	for j in range(n):
		pyplot.subplot(3, n, 1 + j)
		pyplot.axis('off')
		pyplot.imshow(ra[j])
	# generated photos
	for j in range(n):
		pyplot.subplot(3, n, 1 + n + j)
		pyplot.axis('off')
		pyplot.imshow(fb[j])
	# true photos
	for j in range(n):
		pyplot.subplot(3, n, 1 + n*2 + j)
		pyplot.axis('off')
		pyplot.imshow(rb[j])

	# save the figure locally
	fig_name = 'plot_%06d.png' % (k+1)
	pyplot.savefig(fig_name)

	fig_name = '/gdrive/MyDrive/colab/Pix2Pix/%s/plot_%06d.png' % (RUN_TAG, (k+1))
	pyplot.savefig(fig_name)

	pyplot.close()
	# generator weights
	gen_net.save('/gdrive/MyDrive/colab/Pix2Pix/%s/g_model_%06d.h5' % (RUN_TAG, (k+1)))
	# upload_copy('g_model_%06d.h5' % (k+1))
	disc_net.save('/gdrive/MyDrive/colab/Pix2Pix/%s/d_model_%06d.h5' % (RUN_TAG, (k+1)))
	# upload_copy('d_model_%06d.h5' % (k+1))
	joint_net.save('/gdrive/MyDrive/colab/Pix2Pix/%s/gan_model_%06d.h5' % (RUN_TAG, (k+1)))
	# upload_copy('gan_model_%06d.h5' % (k+1))
	print('g_model_%06d.h5' % (k+1), 'd_model_%06d.h5' % (k+1), 'gan_model_%06d.h5' % (k+1))

def upload_copy(name):
    # drive client libraries
    # only needed once per notebook
    from pydrive.auth import GoogleAuth
    from pydrive.drive import GoogleDrive
    from google.colab import auth
    from oauth2client.client import GoogleCredentials

    # log in and build the drive client
    # only needed once per notebook
    auth.authenticate_user()
    ga = GoogleAuth()
    ga.credentials = GoogleCredentials.get_application_default()
    drv = GoogleDrive(ga)
    # name = 'd_model_164501.h5'
    up = drv.CreateFile({'title': 'colab/Pix2Pix/'+name})
    up.SetContentFile(name)
    up.Upload()

def translate(batch,weights):
	gen_net = define_generator(batch[0].shape)
	gen_net.load_weights(weights)
	res = gen_net.predict(batch)

	return res



from tensorflow import keras

import sys

if __name__ == "__main__":

	RESUME = True

	if len(sys.argv) >= 2:
		ckpt = int(sys.argv[1])
	else:
		ckpt = 63001

	in_shape=(256, 512, 3)
	disc_net = define_discriminator(in_shape)
	if RESUME : disc_net.load_weights("d_model_%06d.h5" % (ckpt))
	print(disc_net.summary())


	gen_net = define_generator(in_shape)
	if RESUME : gen_net.load_weights("g_model_%06d.h5" % (ckpt))
	print(gen_net.summary())

	joint_net = stack_models(gen_net, disc_net, in_shape)
	if RESUME : joint_net.load_weights("gan_model_%06d.h5" % (ckpt))


	# read the archive and rescale
	pairs = read_archive('cat_256_2000.npz')

	# train
	fit_pix2pix(disc_net, gen_net, joint_net, pairs,bs=2,offset=ckpt)
