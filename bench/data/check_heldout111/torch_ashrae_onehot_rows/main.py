from Train import fit_model, write_submission

if __name__ == '__main__':

    fit_model(file_name='mlp3_rsr_bs128')