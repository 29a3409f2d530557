def read_one_csv(path, tag):
    """
    Read one CSV of counters, shorten the column names, add a 'Label' column.
    :param path: local CSV path
    :param tag: value written to 'Label'
    :return: the table as a DataFrame
    """
    with open(path, 'r') as fh:
        rdr = csv.reader(fh, delimiter=',')
        cols = next(rdr)
        body = list(rdr)
    tbl = pd.DataFrame(body, columns=cols)
    tbl.columns = ([tbl.columns[0]] +
                    [c.split('\\')[-2] +
                     '|' + c.split('\\')[-1].replace('% ', '') for c in tbl.columns[1:]])
    tbl['Label'] = tag

    return tbl

def merge_files(pairs):
    """
    Read every (path, tag) pair and stack the tables.
    :param pairs: list of (path, tag)
    :return: one DataFrame with all rows
    """
    here = os.path.dirname(os.path.abspath(__file__))
    parts = [read_one_csv(os.path.join(here, p), t) for p, t in pairs]
    merged = pd.concat(parts, ignore_index=True)
    return merged


def combine_normal():
    """
    Benign recordings only.
    :return: merged benign rows
    """
    here = os.path.dirname(os.path.abspath(__file__))
    benign_files = [('Dataset_Iot/Normal/win7_normal_2.csv', 'normal'),
              ('Dataset_Iot/Normal/win7_normal_3.csv', 'normal'),
              ('Dataset_Iot/Normal/win10_normal_1.csv', 'normal'),
              ('Dataset_Iot/Normal/win10_normal_2.csv', 'normal'),
              ('Dataset_Iot/Normal/win10_normal_3.csv', 'normal'),
              ('Dataset_Iot/Normal/win10_normal_4.csv', 'normal')]
    return merge_files(benign_files)


def combine_attack():
    """
    Recordings taken during attacks.
    :return: merged attack rows
    """
    hostile_files = [('Dataset_Iot/Backdoor/win7_backdoor_normal_1.csv', 'backdoor'),
                    ('Dataset_Iot/Backdoor/win7_backdoor_normal_2.csv', 'backdoor'),
                    ('Dataset_Iot/DDos/win7_DDoS_normal_1.csv', 'DDoS'),
                    ('Dataset_Iot/DDos/win10_DDoS_normal_1.csv', 'DDoS'),
                    ('Dataset_Iot/Dos/win7_DoS_normal_1.csv', 'dos'),
                    ('Dataset_Iot/Dos/win10_DoS_normal_1.csv', 'dos'),
                    ('Dataset_Iot/Infection/win7_injection_normal_1.csv', 'infection'),
                    ('Dataset_Iot/Infection/win10_injection_normal_1.csv', 'infection'),
                    ('Dataset_Iot/MITM/win7_MIMT_normal_1.csv', 'mitm'),
                    ('Dataset_Iot/MITM/win10_MITM_normal_1.csv', 'mitm'),
                    ('Dataset_Iot/Password/win7_password_normal_1.csv', 'password'),
                    ('Dataset_Iot/Password/win10_password_normal_1.csv', 'password'),
                    ('Dataset_Iot/Runsomware/win7_runsomware_normal_1.csv', 'runsomware'),
                    ('Dataset_Iot/Runsomware/win7_runsomware_normal_2.csv', 'runsomware'),
                    ('Dataset_Iot/Runsomware/win7_runsomware_normal_3.csv', 'runsomware'),
                    ('Dataset_Iot/Scanning/win7_scanning_normal_1.csv', 'scanning'),
                    ('Dataset_Iot/Scanning/win10_scanning_normal_1.csv', 'scanning'),
                    ('Dataset_Iot/Scanning/win10_scanning_normal_2.csv', 'scanning'),
                    ('Dataset_Iot/Scanning/win10_scanning_normal_3.csv', 'scanning'),
                    ('Dataset_Iot/XSS/win7_XSS_normal_1.csv', 'xss'),
                    ('Dataset_Iot/XSS/win10_XSS_normal_1.csv', 'xss')
                    ]
    return merge_files(hostile_files)


def clean_null_rows(tbl):
    """
    Drop rows that have more missing cells than the average row.
    :param tbl: input table
    :return: the table without the sparse rows
    """
    tbl = tbl.drop(tbl.columns[0], axis=1)
    n_missing = tbl.isnull().sum(axis=1)
    tbl = pd.concat([tbl, n_missing.rename('n_missing')], axis=1)
    # tbl['n_missing'] = n_missing
    print("most missing in a row:", tbl['n_missing'].max())
    print("least missing in a row:", tbl['n_missing'].min())
    print("mean missing per row:", tbl['n_missing'].mean())
    print('dropped rows with more than {} missing cells'.format(tbl['n_missing'].mean()))
    tbl = tbl[(tbl['n_missing'] < tbl['n_missing'].mean())]
    tbl = tbl.drop(columns=['n_missing'])
    return tbl


def fill_blanks(tbl):
    """
    Turn blank cells into 0.
    :param tbl: input table
    :return: table with blanks filled
    """
    tbl.replace('', pd.NA, inplace=True)
    tbl.fillna(0, inplace=True)
    tbl.replace(' ', pd.NA, inplace=True)
    tbl.fillna(0, inplace=True)
    return tbl


def common_type(tbl):
    """
    Cast every column to the type most of its cells have, blanks become 0.
    :param tbl: input table
    :return: the cast table
    """
    for col in tbl.columns:
        usual = tbl[col].apply(type).mode().iloc[0]
        if usual == int or usual == float:
            tbl[col] = tbl[col].astype(float)
        else:
            tbl.replace('', pd.NA, inplace=True)
            tbl.fillna(0, inplace=True)
            tbl.replace(' ', pd.NA, inplace=True)
            tbl.fillna(0, inplace=True)
            tbl[col] = tbl[col].astype(usual)

    return tbl
