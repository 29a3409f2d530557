from prep import *
from net import *
from keras.callbacks import ModelCheckpoint, TensorBoard

# Build the pickles
# build_arrays()

# fit or evaluate
run_name = 'liver_unet-small-51ep'
weights_path = 'models/' + run_name + '.h5'

if os.path.exists(weights_path):
    # read the held-out arrays
    print('Reading stored net [', run_name, '] ....')
    ho_x = pickle.load(open('test-inputs.np', 'rb')).reshape((-1, COLUMS, ROWS, 1))[:200]
    ho_y = pickle.load(open('test-labels.np', 'rb')).reshape((-1, COLUMS, ROWS, 1))[:200]

    # restore the net
    net = load_model(weights_path)
    net.summary()

    # score on held-out slices
    scores = net.evaluate(ho_x, ho_y, batch_size=2)
    print('Held-out scores')
    for j, name in enumerate(net.metrics_names):
        print(name, ':', scores[j])

    # show one slice
    k = 80
    out = net.predict(np.stack([ho_x[k]]))
    plt.subplot(131)
    plt.imshow(ho_x[k].reshape((COLUMS, ROWS)), cmap=plt.cm.bone)
    plt.subplot(132)
    plt.imshow(ho_y[k].reshape((COLUMS, ROWS)))
    plt.subplot(133)
    plt.imshow(out.reshape((COLUMS, ROWS)))
    plt.show()

else:
    # read the arrays
    slices, masks = read_arrays()

    # scale and add the channel axis
    slices = scale_minmax(slices).reshape(slices.shape[0], COLUMS, ROWS, 1)
    masks = masks.reshape(masks.shape[0], COLUMS, ROWS, 1)

    print('[slices] min:', np.min(slices), 'max:', np.max(slices))
    print('[masks] min:', np.min(masks), 'max:', np.max(masks))

    # fit / check split
    order = np.random.permutation(len(slices))
    cut = int(0.85 * len(order))
    print('Fit / check split (', cut, ',', len(order) - cut, ')')

    fit_x = slices[order[:cut]]
    chk_x = slices[order[cut:]]

    fit_y = masks[order[:cut]]
    chk_y = masks[order[cut:]]

    # fit and store the net
    net = u_net((COLUMS, ROWS, 1))
    net.summary()
    ckpt_cb = ModelCheckpoint(run_name + 'hdf5', monitor='loss', verbose=1, save_best_only=True)
    net.fit(fit_x, fit_y, batch_size=8, epochs=51, validation_data=(chk_x, chk_y),
            callbacks=[TensorBoard(log_dir="logs/" + run_name, histogram_freq=0, write_graph=True)])
    net.save(weights_path)




