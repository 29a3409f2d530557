# Load the single photo
photo = img_to_array(load_img('portrait.png'))
photo = np.array(photo, dtype=float)
# Convert to Lab and split lightness from colour
L_in = rgb2lab(1.0/255*photo)[:,:,0]
ab_out = rgb2lab(1.0/255*photo)[:,:,1:]
ab_out = ab_out / 128
L_in = L_in.reshape(1, 400, 400, 1)
ab_out = ab_out.reshape(1, 400, 400, 2)
# A small encoder-decoder
net = Sequential()
net.add(InputLayer(input_shape=(None, None, 1)))
net.add(Conv2D(8, (3, 3), activation='relu', padding='same', strides=2))
net.add(Conv2D(8, (3, 3), activation='relu', padding='same'))
net.add(Conv2D(16, (3, 3), activation='relu', padding='same'))
net.add(Conv2D(16, (3, 3), activation='relu', padding='same', strides=2))
net.add(Conv2D(32, (3, 3), activation='relu', padding='same'))
net.add(Conv2D(32, (3, 3), activation='relu', padding='same', strides=2))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(32, (3, 3), activation='relu', padding='same'))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(16, (3, 3), activation='relu', padding='same'))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(2, (3, 3), activation='tanh', padding='same'))
# Compile
net.compile(optimizer='rmsprop',loss='mse')
# Overfit the one photo
net.fit(x=L_in, y=ab_out, batch_size=1, epochs=3000)
print(net.evaluate(L_in, ab_out, batch_size=1))
# Rebuild a colour image from the prediction
pred_ab = net.predict(L_in)
pred_ab = pred_ab * 128
lab_img = np.zeros((400, 400, 3))
lab_img[:,:,0] = L_in[0][:,:,0]
lab_img[:,:,1:] = pred_ab[0]
imsave("colorized.png", lab2rgb(lab_img))
imsave("regray.png", rgb2gray(lab2rgb(lab_img)))
