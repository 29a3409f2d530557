from dncnn import DnCNN

denoiser = DnCNN()
denoiser.create_model(height=64, width=64, channels=1)
denoiser.load_data('awgn_patch_pairs-64px.pickle')
denoiser.save_data('noise_patch', 'clear_patch')
denoiser.fit(batch_size=32, nb_epochs=1)
